import type { DateTime } from 'luxon';
import { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import type { IntervalOperator } from '../operators';
import { combine, type Alternative, type AlternativeTable } from './alternative';
import {
  formatInstant,
  periodOf,
  readCount,
  zonedNow,
  type Interval,
  type PeriodUnit,
} from './zoned-time';

type IntervalOf = (now: DateTime, leaf: ConditionTreeLeaf) => Interval;

const previous =
  (unit: PeriodUnit): IntervalOf =>
  now =>
    periodOf(now, unit, 1);

const toDate =
  (unit: PeriodUnit): IntervalOf =>
  now => ({ start: now.startOf(unit), end: now });

const intervals: Record<IntervalOperator, IntervalOf> = {
  Today: now => periodOf(now, 'day', 0),
  Yesterday: previous('day'),
  PreviousWeek: previous('week'),
  PreviousMonth: previous('month'),
  PreviousQuarter: previous('quarter'),
  PreviousYear: previous('year'),
  PreviousWeekToDate: toDate('week'),
  PreviousMonthToDate: toDate('month'),
  PreviousQuarterToDate: toDate('quarter'),
  PreviousYearToDate: toDate('year'),
  PreviousXDays: (now, leaf) => ({
    start: now.minus({ days: readCount(leaf) }).startOf('day'),
    end: now.startOf('day'),
  }),
  PreviousXDaysToDate: (now, leaf) => ({
    start: now.minus({ days: readCount(leaf) }).startOf('day'),
    end: now,
  }),
};

// Grove deviation (docs/decisions.md#d2-period-start-instants): the start instant belongs to the
// period on Date columns too, so both types get `>= start AND < end` (the vendor uses a strict `>`
// on Date columns).
function toInterval(intervalOf: IntervalOf): Alternative {
  return {
    dependsOn: ['GreaterThanOrEqual', 'LessThan'],
    forTypes: ['Date', 'Dateonly'],
    replacer: (leaf, { timezone, now, columnType }) => {
      const { start, end } = intervalOf(zonedNow(timezone, now), leaf);
      const bound = (operator: 'GreaterThanOrEqual' | 'LessThan', instant: DateTime) =>
        new ConditionTreeLeaf(leaf.field, operator, formatInstant(instant, columnType));

      return combine('And', [bound('GreaterThanOrEqual', start), bound('LessThan', end)]);
    },
  };
}

/**
 * The 12 period operators as `[start, end)` in the caller's timezone: Today, Yesterday,
 * PreviousWeek/Month/Quarter/Year (the whole previous unit), their …ToDate variants (start of
 * the current unit → now), PreviousXDays (X whole days before today) and PreviousXDaysToDate.
 *
 * @example
 * ```ts
 * // caller in Europe/Paris on 2024-03-31 (a 23 h day): createdAt Today →
 * // And(createdAt GreaterThanOrEqual '2024-03-30T23:00:00Z', createdAt LessThan '2024-03-31T22:00:00Z')
 * ```
 */
export const intervalAlternatives: AlternativeTable = Object.fromEntries(
  Object.entries(intervals).map(([operator, intervalOf]) => [operator, [toInterval(intervalOf)]]),
);
