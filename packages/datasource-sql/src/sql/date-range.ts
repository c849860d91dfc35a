import type {
  ConditionTree,
  ConditionTreeBranch,
  ConditionTreeLeaf,
} from '@grove/datasource-toolkit';

/**
 * The instants (ms since the epoch, both ends included) a filter lets a date field take;
 * `undefined` on a side means unbounded there.
 */
export interface DateRange {
  readonly from?: number;
  readonly to?: number;
}

const unbounded: DateRange = {};

function instant(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  // As the dialects bind a date (`new Date(String(value))`), so that the range and the WHERE
  // clause read a value as the same instant.
  const time = (value instanceof Date ? value : new Date(String(value))).getTime();

  return Number.isFinite(time) ? time : undefined;
}

function leafRange(leaf: ConditionTreeLeaf, field: string): DateRange {
  if (leaf.field !== field) return unbounded;
  const values = Array.isArray(leaf.value) ? (leaf.value as unknown[]) : [leaf.value];
  const times = values.map(instant);
  const time = times[0];
  switch (leaf.operator) {
    // Strict bounds are kept inclusive: a wider range only keeps a period more, never fewer.
    case 'GreaterThan':
    case 'GreaterThanOrEqual':
    case 'After':
      return time === undefined ? unbounded : { from: time };
    case 'LessThan':
    case 'LessThanOrEqual':
    case 'Before':
      return time === undefined ? unbounded : { to: time };
    case 'Equal':
      return time === undefined ? unbounded : { from: time, to: time };
    case 'In': {
      // A null in the list also selects the rows without a date: they need no offset.
      const known = times.filter((t): t is number => t !== undefined);
      if (!known.length || known.length < values.filter(v => v !== null).length) return unbounded;

      return { from: Math.min(...known), to: Math.max(...known) };
    }
    default:
      return unbounded;
  }
}

function intersect(ranges: readonly DateRange[]): DateRange {
  let from: number | undefined;
  let to: number | undefined;
  for (const range of ranges) {
    if (range.from !== undefined)
      from = from === undefined ? range.from : Math.max(from, range.from);
    if (range.to !== undefined) to = to === undefined ? range.to : Math.min(to, range.to);
  }

  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

function union(ranges: readonly DateRange[]): DateRange {
  if (!ranges.length) return unbounded;
  const froms = ranges.map(r => r.from);
  const tos = ranges.map(r => r.to);
  const from = froms.every((f): f is number => f !== undefined) ? Math.min(...froms) : undefined;
  const to = tos.every((t): t is number => t !== undefined) ? Math.max(...tos) : undefined;

  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/**
 * The range a condition tree bounds a date field to: an `And` bounds it where any of its
 * conditions does, an `Or` only where all of its branches do; comparisons, `Equal` and `In` on
 * the field bound it, every other condition leaves it unbounded. Rows the tree selects always
 * fall inside the range (it may be wider than the tree, never narrower).
 *
 * @example
 * ```ts
 * dateRangeOf(new ConditionTreeLeaf('ordered_at', 'After', '2024-01-01T00:00:00Z'), 'ordered_at');
 * // { from: 1704067200000 }
 * ```
 */
export function dateRangeOf(tree: ConditionTree | null | undefined, field: string): DateRange {
  if (!tree) return unbounded;
  // Duck-typed like buildCondition: two copies of the toolkit must interoperate.
  if ('conditions' in tree) {
    const branch = tree as ConditionTreeBranch;
    const ranges = branch.conditions.map(child => dateRangeOf(child, field));

    return branch.aggregator === 'And' ? intersect(ranges) : union(ranges);
  }
  if ('operator' in tree) return leafRange(tree as ConditionTreeLeaf, field);

  return unbounded;
}
