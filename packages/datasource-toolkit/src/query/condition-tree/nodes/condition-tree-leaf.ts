import { ValidationError } from '../../../errors/errors';
import type { Collection } from '../../../interfaces/collection';
import type { RecordData } from '../../../interfaces/record';
import type { ColumnType } from '../../../interfaces/schema';
import { normalizeValue } from '../../../utils/normalize-value';
import { getFieldValue } from '../../../utils/record-utils';
import { getColumnSchema } from '../../../utils/schema-utils';
import { Projection } from '../../projection';
import { getEquivalentTree } from '../equivalence/condition-tree-equivalent';
import {
  dateComparisonOperators,
  intervalOperators,
  isOperator,
  type Operator,
} from '../operators';
import { matchLike } from '../match-like';
import {
  ConditionTree,
  type AsyncLeafReplacer,
  type LeafReplacement,
  type LeafReplacer,
  type PlainConditionTreeLeaf,
} from './condition-tree';
// Cycle: the factory builds leaves. Only used inside functions, never at module load.
import { ConditionTreeFactory } from '../condition-tree-factory';

/** Operators that depend on "now": matched in memory after rewriting them in the caller's zone. */
const relativeOperators: ReadonlySet<Operator> = new Set<Operator>([
  ...intervalOperators,
  ...dateComparisonOperators,
]);

/** What relative operators are rewritten into before matching. */
const comparisonOperators: ReadonlySet<Operator> = new Set<Operator>([
  'Equal',
  'LessThan',
  'GreaterThan',
  'LessThanOrEqual',
  'GreaterThanOrEqual',
]);

/** Operators with a direct inverse. */
const inverses: Partial<Record<Operator, Operator>> = {
  Equal: 'NotEqual',
  NotEqual: 'Equal',
  In: 'NotIn',
  NotIn: 'In',
  Contains: 'NotContains',
  NotContains: 'Contains',
  IContains: 'NotIContains',
  NotIContains: 'IContains',
  Blank: 'Present',
  Present: 'Blank',
};

/**
 * A condition on one field: `field operator value`.
 *
 * @example
 * ```ts
 * const recent = new ConditionTreeLeaf('createdAt', 'PreviousXDays', 7);
 * recent.inverse(); // throws: 'PreviousXDays' cannot be inverted
 * new ConditionTreeLeaf('title', 'Contains', 'Dune').inverse(); // title NotContains 'Dune'
 * ```
 */
export class ConditionTreeLeaf extends ConditionTree {
  readonly field: string;
  readonly operator: Operator;
  readonly value: unknown;

  constructor(field: string, operator: Operator, value?: unknown) {
    super();
    if (!isOperator(operator)) {
      throw new ValidationError(`Unknown operator '${String(operator)}' on field '${field}'.`);
    }
    this.field = field;
    this.operator = operator;
    this.value = value;
  }

  /** The paths the leaf reads (its field). */
  get projection(): Projection {
    return new Projection(this.field);
  }

  /** Returns a copy with some parts replaced (`value: undefined` removes the value). */
  override(parts: { field?: string; operator?: Operator; value?: unknown }): ConditionTreeLeaf {
    return new ConditionTreeLeaf(
      parts.field ?? this.field,
      parts.operator ?? this.operator,
      'value' in parts ? parts.value : this.value,
    );
  }

  inverse(): ConditionTree {
    const inverse = inverses[this.operator];
    if (!inverse) throw new ValidationError(`Operator '${this.operator}' cannot be inverted.`);

    return this.override({ operator: inverse });
  }

  replaceLeafs(handler: LeafReplacer): ConditionTree {
    return toTree(handler(this));
  }

  async replaceLeafsAsync(handler: AsyncLeafReplacer): Promise<ConditionTree> {
    return toTree(await handler(this));
  }

  forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void {
    handler(this);
  }

  everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return handler(this);
  }

  someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return handler(this);
  }

  match(record: RecordData, collection: Collection, timezone: string): boolean {
    const { columnType } = getColumnSchema(collection, this.field);
    if (relativeOperators.has(this.operator)) {
      const tree = getEquivalentTree(this, comparisonOperators, columnType, timezone);
      if (!tree) {
        throw new ValidationError(
          `Operator '${this.operator}' cannot be matched in memory on '${this.field}'.`,
        );
      }

      return tree.match(record, collection, timezone);
    }

    return matchValue(this.operator, getFieldValue(record, this.field), this.value, columnType);
  }

  toJSON(): PlainConditionTreeLeaf {
    return this.value === undefined
      ? { field: this.field, operator: this.operator }
      : { field: this.field, operator: this.operator, value: this.value };
  }
}

function toTree(tree: LeafReplacement): ConditionTree {
  return tree instanceof ConditionTree
    ? tree
    : (ConditionTreeFactory.fromPlainObject(tree) as ConditionTree);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function matchValue(
  operator: Operator,
  raw: unknown,
  expected: unknown,
  type: ColumnType,
): boolean {
  const actual = normalizeValue(raw, type);
  const list = Array.isArray(expected) ? expected : [expected];
  const text = typeof raw === 'string' ? raw : null;
  const pattern = typeof expected === 'string' ? expected : String(expected ?? '');

  switch (operator) {
    case 'Equal':
      return actual === normalizeValue(expected, type);
    case 'NotEqual':
      return actual !== normalizeValue(expected, type);
    case 'In':
      return list.some(item => normalizeValue(item, type) === actual);
    case 'NotIn':
      return !list.some(item => normalizeValue(item, type) === actual);
    case 'Blank':
      return isBlank(raw);
    case 'Present':
      return !isBlank(raw);
    case 'Missing':
      return raw === null || raw === undefined;
    case 'LessThan':
    case 'GreaterThan':
    case 'LessThanOrEqual':
    case 'GreaterThanOrEqual':
      return compare(operator, actual, normalizeValue(expected, type));
    case 'Match':
      return text !== null && toRegExp(expected).test(text);
    case 'Contains':
      return text !== null && text.includes(pattern);
    case 'NotContains':
      return !(text !== null && text.includes(pattern));
    case 'IContains':
      return text !== null && text.toLowerCase().includes(pattern.toLowerCase());
    case 'NotIContains':
      return !(text !== null && text.toLowerCase().includes(pattern.toLowerCase()));
    case 'StartsWith':
      return text !== null && text.startsWith(pattern);
    case 'IStartsWith':
      return text !== null && text.toLowerCase().startsWith(pattern.toLowerCase());
    case 'EndsWith':
      return text !== null && text.endsWith(pattern);
    case 'IEndsWith':
      return text !== null && text.toLowerCase().endsWith(pattern.toLowerCase());
    case 'Like':
      return text !== null && matchLike(pattern, text, false);
    case 'ILike':
      return text !== null && matchLike(pattern, text, true);
    case 'LongerThan':
      return text !== null && text.length > Number(expected);
    case 'ShorterThan':
      return text !== null && text.length < Number(expected);
    case 'IncludesAll':
      return Array.isArray(raw) && list.every(item => raw.some(value => sameItem(value, item)));
    case 'IncludesNone':
      return !Array.isArray(raw) || !list.some(item => raw.some(value => sameItem(value, item)));
    default:
      throw new ValidationError(`Operator '${operator}' cannot be matched in memory.`);
  }
}

function sameItem(a: unknown, b: unknown): boolean {
  return normalizeValue(a, undefined) === normalizeValue(b, undefined);
}

function compare(operator: Operator, actual: unknown, expected: unknown): boolean {
  if (actual === null || expected === null) return false;
  const a = actual as number | string;
  const b = expected as number | string;
  if (operator === 'LessThan') return a < b;
  if (operator === 'GreaterThan') return a > b;
  if (operator === 'LessThanOrEqual') return a <= b;

  return a >= b;
}

function toRegExp(value: unknown): RegExp {
  // `test` on a global or sticky regex resumes from `lastIndex`: one record would change the next.
  if (value instanceof RegExp) {
    return /[gy]/.test(value.flags)
      ? new RegExp(value.source, value.flags.replace(/[gy]/g, ''))
      : value;
  }
  if (typeof value === 'string') {
    const literal = /^\/(.*)\/([a-z]*)$/s.exec(value);

    return literal ? new RegExp(literal[1] as string, literal[2]) : new RegExp(value);
  }
  throw new ValidationError(`Invalid regular expression: ${String(value)}`);
}
