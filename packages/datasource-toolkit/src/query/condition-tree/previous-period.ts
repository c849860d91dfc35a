import type { DateTime } from 'luxon';
import type { ConditionTree } from './nodes/condition-tree';
// Cycle (leaf → equivalence → zoned-time): the leaf and branch classes are only used in functions.
import { ConditionTreeBranch } from './nodes/condition-tree-branch';
import { ConditionTreeLeaf } from './nodes/condition-tree-leaf';
import type { IntervalOperator } from './operators';
import {
  periodOf,
  readCount,
  zonedNow,
  type Interval,
  type PeriodUnit,
} from './equivalence/zoned-time';

type Shift = (leaf: ConditionTreeLeaf, now: DateTime) => ConditionTree;

function toOperator(operator: IntervalOperator): Shift {
  return leaf => leaf.override({ operator });
}

function toInterval(intervalOf: (now: DateTime, count: () => number) => Interval): Shift {
  return (leaf, now) => {
    const { start, end } = intervalOf(now, () => readCount(leaf));
    // Offsets of the caller's zone (not UTC): the date part stays the caller's calendar date,
    // which is what a Dateonly column compares.
    const format = (instant: DateTime) =>
      instant.startOf('second').toISO({ suppressMilliseconds: true }) as string;

    return new ConditionTreeBranch('And', [
      new ConditionTreeLeaf(leaf.field, 'GreaterThanOrEqual', format(start)),
      new ConditionTreeLeaf(leaf.field, 'LessThan', format(end)),
    ]);
  };
}

const twoUnitsAgo = (unit: PeriodUnit): Shift => toInterval(now => periodOf(now, unit, 2));

const shifts: Record<IntervalOperator, Shift> = {
  Today: toOperator('Yesterday'),
  Yesterday: twoUnitsAgo('day'),
  PreviousWeek: twoUnitsAgo('week'),
  PreviousMonth: twoUnitsAgo('month'),
  PreviousQuarter: twoUnitsAgo('quarter'),
  PreviousYear: twoUnitsAgo('year'),
  PreviousWeekToDate: toOperator('PreviousWeek'),
  PreviousMonthToDate: toOperator('PreviousMonth'),
  PreviousQuarterToDate: toOperator('PreviousQuarter'),
  PreviousYearToDate: toOperator('PreviousYear'),
  PreviousXDays: toInterval((now, count) => ({
    start: now.minus({ days: 2 * count() }).startOf('day'),
    end: now.minus({ days: count() }).startOf('day'),
  })),
  PreviousXDaysToDate: toInterval((now, count) => ({
    start: now.minus({ days: 2 * count() }).startOf('day'),
    end: now.minus({ days: count() }),
  })),
};

/**
 * Shifts every period leaf of a tree one period back, for value charts that compare with the
 * previous period. Periods are `[start, end)` in the caller's timezone, bounds written as ISO
 * strings with the zone's offset: `Today` → `Yesterday`, `Yesterday` / `PreviousWeek` / … → the
 * unit before, `PreviousXDays n` → the `n` days before those, `…ToDate` → the whole previous unit.
 * Other leaves are kept; `null` (match all) stays `null`.
 *
 * @param tree - The chart's filter.
 * @param timezone - The caller's IANA timezone (an unknown one raises a ValidationError).
 * @param now - The current instant (default: now).
 * @example
 * ```ts
 * const tree = new ConditionTreeLeaf('createdAt', 'PreviousMonth');
 * getPreviousPeriodTree(tree, 'Europe/Paris', new Date('2024-12-17T10:00:00Z'))?.toJSON();
 * // { aggregator: 'And', conditions: [
 * //   { field: 'createdAt', operator: 'GreaterThanOrEqual', value: '2024-10-01T00:00:00+02:00' },
 * //   { field: 'createdAt', operator: 'LessThan', value: '2024-11-01T00:00:00+01:00' } ] }
 * ```
 */
export function getPreviousPeriodTree(
  tree: ConditionTree | null,
  timezone: string,
  now: Date = new Date(),
): ConditionTree | null {
  if (!tree) return null;

  return tree.replaceLeafs(leaf => {
    const shift = shifts[leaf.operator as IntervalOperator] as Shift | undefined;

    return shift ? shift(leaf, zonedNow(timezone, now)) : leaf;
  });
}
