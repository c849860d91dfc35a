import type { DateTime } from 'luxon';
import type { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import type { Alternative, AlternativeTable, RewriteContext } from './alternative';
import { formatInstant, parseInstant, readCount, zonedNow } from './zoned-time';

type Bound = 'LessThan' | 'GreaterThan';

function compareTo(
  operator: Bound,
  forTypes: Alternative['forTypes'],
  instant: (leaf: ConditionTreeLeaf, context: RewriteContext) => DateTime,
): Alternative {
  return {
    dependsOn: [operator],
    forTypes,
    replacer: (leaf, context) =>
      leaf.override({ operator, value: formatInstant(instant(leaf, context), context.columnType) }),
  };
}

const dates: Alternative['forTypes'] = ['Date', 'Dateonly'];

const given = (leaf: ConditionTreeLeaf, { timezone }: RewriteContext): DateTime =>
  parseInstant(leaf.value, timezone, leaf.operator);

const now = (_leaf: ConditionTreeLeaf, { timezone, now: clock }: RewriteContext): DateTime =>
  zonedNow(timezone, clock);

const hoursAgo = (leaf: ConditionTreeLeaf, context: RewriteContext): DateTime =>
  now(leaf, context).minus({ hours: readCount(leaf) });

/**
 * Date comparisons to a given or relative instant: Before / After a date, Past / Future, and
 * Before / After X hours ago, as LessThan / GreaterThan an ISO string (UTC instant on Date
 * columns, the calendar date in the caller's zone on Dateonly ones, so that on Dateonly columns
 * today is neither Past nor Future). X hours ago only exists for Date columns.
 *
 * @example
 * ```ts
 * // caller in America/Los_Angeles at 1985-10-26 01:22 local: createdAt Past
 * // → createdAt LessThan '1985-10-26T08:22:00Z'
 * ```
 */
export const timeAlternatives: AlternativeTable = {
  Before: [compareTo('LessThan', dates, given)],
  After: [compareTo('GreaterThan', dates, given)],
  Past: [compareTo('LessThan', dates, now)],
  Future: [compareTo('GreaterThan', dates, now)],
  BeforeXHoursAgo: [compareTo('LessThan', ['Date'], hoursAgo)],
  AfterXHoursAgo: [compareTo('GreaterThan', ['Date'], hoursAgo)],
};
