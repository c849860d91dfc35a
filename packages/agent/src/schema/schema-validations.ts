import {
  ConditionTreeBranch,
  ConditionTreeLeaf,
  getEquivalentTree,
  intervalOperators,
  type ColumnSchema,
  type ColumnType,
  type ColumnValidationRule,
  type ConditionTree,
  type Operator,
} from '@grove/datasource-toolkit';
import type { SchemaValidation } from './agent-schema';
import { mergeValidationRules } from './merge-validation-rules';

/** Operators the frontend knows, and how each one is published. */
const publishers = {
  Present: () => ({ type: 'is present', message: 'Field is required' }),
  After: value => ({ type: 'is after', value, message: `Value must be after ${str(value)}` }),
  Before: value => ({ type: 'is before', value, message: `Value must be before ${str(value)}` }),
  GreaterThan: value => comparison('is greater than', value),
  GreaterThanOrEqual: value => comparison('is greater than or equal to', value),
  LessThan: value => comparison('is less than', value),
  LessThanOrEqual: value => comparison('is less than or equal to', value),
  LongerThan: value => length('is longer than', value),
  ShorterThan: value => length('is shorter than', value),
  Contains: value => ({ type: 'contains', value, message: `Value must contain '${str(value)}'` }),
  Match: value => {
    const regex = String(toRegExp(value));

    return { type: 'is like', value: regex, message: `Value must match ${regex}` };
  },
} satisfies Partial<Record<Operator, (value: unknown) => SchemaValidation>>;

type PublishedOperator = keyof typeof publishers;
interface PublishedRule {
  readonly operator: PublishedOperator;
  readonly value: unknown;
}

// On dates the frontend speaks of after/before rather than greater/less than.
const dateAliases: Partial<Record<PublishedOperator, PublishedOperator>> = {
  GreaterThan: 'After',
  LessThan: 'Before',
};

// Rules relative to "now" would be published with the instant of the schema generation.
const timeRelative = new Set<Operator>([
  ...intervalOperators,
  'Past',
  'Future',
  'BeforeXHoursAgo',
  'AfterXHoursAgo',
]);
// Equal/NotEqual unlock the rewrites of In into one regular expression; they are not published.
const rewriteTargets = new Set<Operator>([
  ...(Object.keys(publishers) as PublishedOperator[]),
  'Equal',
  'NotEqual',
]);
const dateTypes: readonly unknown[] = ['Date', 'Dateonly'];

/**
 * Converts the validation rules of a column to the frontend's
 * (docs/agent-protocol.md#column-fields): time-relative rules are dropped, other operators are
 * rewritten into published ones when an equivalent exists (else dropped), comparisons of dates
 * become `is after` / `is before`, then rules of the same type are merged (tightest bound, regular
 * expressions combined).
 *
 * @param column - The column (its `columnType` and `validation`).
 * @example
 * ```ts
 * toSchemaValidations({ type: 'Column', columnType: 'String',
 *   validation: [{ operator: 'Present' }, { operator: 'StartsWith', value: 'A' }] });
 * // [{ type: 'is present', message: 'Field is required' },
 * //  { type: 'is like', value: '/^A.*$/s', message: 'Value must match /^A.*$/s' }]
 * ```
 */
export function toSchemaValidations(column: ColumnSchema): SchemaValidation[] {
  const dated = dateTypes.includes(column.columnType);
  const rules = (column.validation ?? []).flatMap(rule => simplify(rule, column.columnType));

  const aliased = rules.map(({ operator, value }) => ({
    operator: (dated ? dateAliases[operator] : undefined) ?? operator,
    value: toJsonValue(value),
  }));

  return mergeValidationRules(aliased).map(({ operator, value }) =>
    publishers[operator as PublishedOperator](value),
  );
}

function simplify(rule: ColumnValidationRule, columnType: ColumnType): PublishedRule[] {
  if (timeRelative.has(rule.operator)) return [];
  if (isPublished(rule.operator)) return [{ operator: rule.operator, value: rule.value }];

  let tree: ConditionTree | null;
  try {
    const leaf = new ConditionTreeLeaf('value', rule.operator, rule.value);
    tree = getEquivalentTree(leaf, rewriteTargets, columnType, 'UTC');
  } catch {
    return [];
  }

  return tree ? publishedLeaves(tree) : [];
}

/** The published conditions a tree implies: itself, or the members of an `And` (an `Or` none). */
function publishedLeaves(tree: ConditionTree): PublishedRule[] {
  if (tree instanceof ConditionTreeLeaf) {
    return isPublished(tree.operator) ? [{ operator: tree.operator, value: tree.value }] : [];
  }
  if (tree instanceof ConditionTreeBranch && tree.aggregator === 'And') {
    return tree.conditions.flatMap(publishedLeaves);
  }

  return [];
}

function isPublished(operator: Operator): operator is PublishedOperator {
  return Object.hasOwn(publishers, operator);
}

function comparison(type: string, value: unknown): SchemaValidation {
  return { type, value, message: `Value must be ${type.substring(3)} ${str(value)}` };
}

function length(type: string, value: unknown): SchemaValidation {
  return { type, value, message: `Value must be ${type.substring(3)} ${str(value)} characters` };
}

function toRegExp(value: unknown): RegExp {
  return value instanceof RegExp ? value : new RegExp(String(value));
}

function toJsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function str(value: unknown): string {
  return String(value);
}
