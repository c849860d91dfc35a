import { describe, expect, it } from '@jest/globals';
import { ConditionTreeBranch } from '../../../src/query/condition-tree/nodes/condition-tree-branch';
import { ConditionTreeLeaf } from '../../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { IntervalOperator } from '../../../src/query/condition-tree/operators';
import { getPreviousPeriodTree } from '../../../src/query/condition-tree/previous-period';

// Tuesday 2024-12-17, 11:00 in Paris (CET, UTC+1).
const now = new Date('2024-12-17T10:00:00Z');

function previous(operator: IntervalOperator, value?: unknown) {
  const tree = new ConditionTreeLeaf('createdAt', operator, value);

  return getPreviousPeriodTree(tree, 'Europe/Paris', now)?.toJSON();
}

function interval(start: string, end: string) {
  return {
    aggregator: 'And',
    conditions: [
      { field: 'createdAt', operator: 'GreaterThanOrEqual', value: start },
      { field: 'createdAt', operator: 'LessThan', value: end },
    ],
  };
}

describe('getPreviousPeriodTree', () => {
  it('turns Today into Yesterday', () => {
    expect(previous('Today')).toEqual({ field: 'createdAt', operator: 'Yesterday' });
  });

  it.each<[IntervalOperator, string, string]>([
    ['Yesterday', '2024-12-15T00:00:00+01:00', '2024-12-16T00:00:00+01:00'],
    ['PreviousWeek', '2024-12-02T00:00:00+01:00', '2024-12-09T00:00:00+01:00'],
    ['PreviousMonth', '2024-10-01T00:00:00+02:00', '2024-11-01T00:00:00+01:00'],
    ['PreviousQuarter', '2024-04-01T00:00:00+02:00', '2024-07-01T00:00:00+02:00'],
    ['PreviousYear', '2022-01-01T00:00:00+01:00', '2023-01-01T00:00:00+01:00'],
  ])('turns %s into the unit two units ago, [%s, %s)', (operator, start, end) => {
    expect(previous(operator)).toEqual(interval(start, end));
  });

  it.each<[IntervalOperator, IntervalOperator]>([
    ['PreviousWeekToDate', 'PreviousWeek'],
    ['PreviousMonthToDate', 'PreviousMonth'],
    ['PreviousQuarterToDate', 'PreviousQuarter'],
    ['PreviousYearToDate', 'PreviousYear'],
  ])('turns %s into the whole %s', (operator, full) => {
    expect(previous(operator)).toEqual({ field: 'createdAt', operator: full });
  });

  it('turns PreviousXDays n into the n days before them', () => {
    expect(previous('PreviousXDays', 3)).toEqual(
      interval('2024-12-11T00:00:00+01:00', '2024-12-14T00:00:00+01:00'),
    );
  });

  it('turns PreviousXDaysToDate n into [start of day now − 2n, now − n)', () => {
    expect(previous('PreviousXDaysToDate', 3)).toEqual(
      interval('2024-12-11T00:00:00+01:00', '2024-12-14T11:00:00+01:00'),
    );
  });

  it('keeps other leaves and the shape of branches', () => {
    const tree = new ConditionTreeBranch('Or', [
      new ConditionTreeLeaf('status', 'Equal', 'paid'),
      new ConditionTreeLeaf('createdAt', 'Today'),
    ]);

    expect(getPreviousPeriodTree(tree, 'Europe/Paris', now)?.toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'status', operator: 'Equal', value: 'paid' },
        { field: 'createdAt', operator: 'Yesterday' },
      ],
    });
  });

  it('keeps null (match all)', () => {
    expect(getPreviousPeriodTree(null, 'Europe/Paris', now)).toBe(null);
  });

  it('rejects an unknown timezone', () => {
    const tree = new ConditionTreeLeaf('createdAt', 'Yesterday');

    expect(() => getPreviousPeriodTree(tree, 'Mars/Olympus', now)).toThrow(
      'Invalid timezone: "Mars/Olympus"',
    );
  });

  it('rejects a PreviousXDays value that is not a number', () => {
    expect(() => previous('PreviousXDays', null)).toThrow(
      "The value of 'createdAt' must be a number for operator 'PreviousXDays', got null",
    );
  });
});
