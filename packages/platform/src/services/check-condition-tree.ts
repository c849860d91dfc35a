import { allOperators, toSnakeCaseOperator, ValidationError } from '@grove/datasource-toolkit';

/** The operator names a stored condition tree may use: the protocol's snake case (`not_equal`). */
export const WIRE_OPERATORS: ReadonlySet<string> = new Set(allOperators.map(toSnakeCaseOperator));

/** Bounds of a stored condition tree. */
export const CONDITION_TREE_LIMITS = {
  depth: 8,
  nodes: 200,
  stringLength: 4096,
  arrayLength: 1000,
} as const;

// `{{currentUser.x}}` templates the agent replaces (docs/platform-protocol.md#renderings): user
// keys, tags, team keys.
const TEMPLATE =
  /^currentUser\.(id|email|firstName|lastName|fullName|roleId|permissionLevel|team\.(id|name)|tags\.[^{}]{1,255})$/;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FIELD = /^[^\u0000-\u001f\u007f]{1,255}$/;

function checkString(value: string, path: string): void {
  if (value.length > CONDITION_TREE_LIMITS.stringLength) {
    throw new ValidationError(`${path}: text longer than ${CONDITION_TREE_LIMITS.stringLength}`);
  }
  for (const [, inner] of value.matchAll(/\{\{([^}]*)\}\}/g)) {
    if (!TEMPLATE.test((inner ?? '').trim())) {
      throw new ValidationError(`${path}: unknown template {{${inner}}}`);
    }
  }
}

function checkValue(value: unknown, path: string): void {
  if (value === undefined || value === null || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError(`${path}: not a finite number`);

    return;
  }
  if (typeof value === 'string') return checkString(value, path);
  if (Array.isArray(value)) {
    if (value.length > CONDITION_TREE_LIMITS.arrayLength) {
      throw new ValidationError(`${path}: more than ${CONDITION_TREE_LIMITS.arrayLength} values`);
    }
    for (const item of value) {
      if (Array.isArray(item) || (typeof item === 'object' && item !== null)) {
        throw new ValidationError(`${path}: a list holds only texts, numbers, booleans or null`);
      }
      checkValue(item, path);
    }

    return;
  }
  throw new ValidationError(`${path}: a value is a text, number, boolean, null or list`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNode(node: unknown, path: string, depth: number, count: { nodes: number }): void {
  count.nodes += 1;
  if (count.nodes > CONDITION_TREE_LIMITS.nodes) {
    throw new ValidationError(`A condition tree has at most ${CONDITION_TREE_LIMITS.nodes} nodes`);
  }
  if (depth > CONDITION_TREE_LIMITS.depth) {
    throw new ValidationError(`A condition tree is at most ${CONDITION_TREE_LIMITS.depth} deep`);
  }
  if (!isPlainObject(node)) throw new ValidationError(`${path}: a condition must be an object`);
  const keys = Object.keys(node);

  if ('aggregator' in node) {
    if (keys.some(key => key !== 'aggregator' && key !== 'conditions')) {
      throw new ValidationError(`${path}: a branch has only aggregator and conditions`);
    }
    if (node.aggregator !== 'and' && node.aggregator !== 'or') {
      throw new ValidationError(`${path}: the aggregator is "and" or "or"`);
    }
    if (!Array.isArray(node.conditions) || node.conditions.length === 0) {
      throw new ValidationError(`${path}: a branch needs a non-empty conditions list`);
    }
    node.conditions.forEach((child, index) =>
      checkNode(child, `${path}.conditions[${index}]`, depth + 1, count),
    );

    return;
  }

  if (keys.some(key => !['field', 'operator', 'value', 'source'].includes(key))) {
    throw new ValidationError(`${path}: a leaf has only field, operator, value (and source)`);
  }
  if (typeof node.field !== 'string' || !FIELD.test(node.field)) {
    throw new ValidationError(`${path}: the field must be a name of 1 to 255 characters`);
  }
  if (typeof node.operator !== 'string' || !WIRE_OPERATORS.has(node.operator)) {
    throw new ValidationError(`${path}: unknown operator ${JSON.stringify(node.operator)}`);
  }
  if (node.source !== undefined && node.source !== 'data') {
    throw new ValidationError(`${path}: the only source is "data"`);
  }
  checkValue(node.value, `${path}.value`);
}

/**
 * Checks a condition tree before it is stored (a scope, an action condition): `null`, or a
 * branch `{ aggregator: 'and' | 'or', conditions }` / leaf `{ field, operator, value }` with
 * the protocol's snake-case operators, bounded in depth, size and value lengths, string values
 * possibly holding `{{currentUser.…}}` templates. Throws a `ValidationError` naming the path.
 *
 * @example
 * ```ts
 * checkConditionTree({ field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' }, 'scope');
 * ```
 */
export function checkConditionTree(tree: unknown, label: string): unknown {
  if (tree === null || tree === undefined) return null;
  checkNode(tree, label, 1, { nodes: 0 });

  return tree;
}
