import { describe, expect, it, jest } from '@jest/globals';
import {
  getEquivalentOperators,
  getEquivalentTree,
  hasEquivalentTree,
} from '../../../../src/query/condition-tree/equivalence/condition-tree-equivalent';
import { ConditionTreeLeaf } from '../../../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { Operator } from '../../../../src/query/condition-tree/operators';
import { rewrite } from './rewrite';

describe('getEquivalentTree', () => {
  it('returns the same leaf when the operator is supported', () => {
    const leaf = new ConditionTreeLeaf('createdAt', 'Today');

    expect(getEquivalentTree(leaf, new Set(['Today']), 'Date', 'Europe/Paris')).toBe(leaf);
  });

  it('does not check the timezone of a supported operator', () => {
    const leaf = new ConditionTreeLeaf('title', 'Equal', 'Dune');

    expect(getEquivalentTree(leaf, new Set(['Equal']), 'String', 'Mars/Olympus')).toBe(leaf);
  });

  it('returns null when nothing expresses the operator', () => {
    expect(rewrite('LongerThan', 3, { supported: ['Equal', 'In', 'Match'], type: 'String' })).toBe(
      null,
    );
  });

  it('returns null rather than looping on Equal ↔ In', () => {
    expect(rewrite('Equal', 1, { supported: ['Match'], type: 'Number' })).toBe(null);
  });

  it('takes the first applicable alternative', () => {
    expect(rewrite('Blank', undefined, { supported: ['In', 'Missing'], type: 'String' })).toEqual({
      field: 'field',
      operator: 'In',
      value: [null, ''],
    });
  });

  it('skips an alternative whose dependencies are not expressible', () => {
    // String Present → NotIn would need NotIn; NotEqual null is available directly.
    expect(rewrite('Present', undefined, { supported: ['NotEqual'], type: 'Json' })).toEqual({
      field: 'field',
      operator: 'NotEqual',
      value: null,
    });
  });

  it('uses the current instant when no "now" is given', () => {
    jest.useFakeTimers({ now: new Date('2024-06-01T12:34:56Z') });
    try {
      const leaf = new ConditionTreeLeaf('createdAt', 'Past');

      expect(getEquivalentTree(leaf, new Set(['LessThan']), 'Date', 'UTC')?.toJSON()).toEqual({
        field: 'createdAt',
        operator: 'LessThan',
        value: '2024-06-01T12:34:56Z',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the field of the leaf', () => {
    const leaf = new ConditionTreeLeaf('author:name', 'StartsWith', 'A');

    expect(getEquivalentTree(leaf, new Set(['Like']), 'String', 'UTC')?.toJSON()).toEqual({
      field: 'author:name',
      operator: 'Like',
      value: 'A%',
    });
  });
});

describe('hasEquivalentTree', () => {
  it('is true for a supported operator', () => {
    expect(hasEquivalentTree(new Set(['Like']), 'Like', 'Number')).toBe(true);
  });

  it('is true for an operator reachable through alternatives', () => {
    expect(hasEquivalentTree(new Set(['Match']), 'IEndsWith', 'String')).toBe(true);
  });

  it('respects type restrictions', () => {
    expect(hasEquivalentTree(new Set(['Match']), 'IEndsWith', 'Uuid')).toBe(false);
  });

  it('is false on composite column types for type-restricted alternatives', () => {
    expect(hasEquivalentTree(new Set(['Like']), 'Contains', ['String'])).toBe(false);
  });
});

describe('getEquivalentOperators', () => {
  it('publishes a String column supporting Equal, In and Like (docs/query-model.md#equivalences)', () => {
    expect(getEquivalentOperators(new Set(['Equal', 'In', 'Like']), 'String')).toEqual(
      new Set<Operator>([
        'Equal',
        'In',
        'Blank',
        'Missing',
        'Like',
        'Contains',
        'StartsWith',
        'EndsWith',
      ]),
    );
  });

  it('publishes a Date column supporting Equal, LessThan and GreaterThan (docs/query-model.md#equivalences)', () => {
    expect(getEquivalentOperators(new Set(['Equal', 'LessThan', 'GreaterThan']), 'Date')).toEqual(
      new Set<Operator>([
        'Equal',
        'LessThan',
        'GreaterThan',
        'LessThanOrEqual',
        'GreaterThanOrEqual',
        'Blank',
        'Missing',
        'In',
        'Today',
        'Yesterday',
        'PreviousWeek',
        'PreviousMonth',
        'PreviousQuarter',
        'PreviousYear',
        'PreviousWeekToDate',
        'PreviousMonthToDate',
        'PreviousQuarterToDate',
        'PreviousYearToDate',
        'PreviousXDays',
        'PreviousXDaysToDate',
        'Before',
        'After',
        'Past',
        'Future',
        'BeforeXHoursAgo',
        'AfterXHoursAgo',
      ]),
    );
  });

  it('publishes a Dateonly column like a Date one, without the X-hours-ago operators', () => {
    const date = getEquivalentOperators(new Set(['Equal', 'LessThan', 'GreaterThan']), 'Date');
    const dateonly = getEquivalentOperators(
      new Set(['Equal', 'LessThan', 'GreaterThan']),
      'Dateonly',
    );

    expect([...date].filter(operator => !dateonly.has(operator))).toEqual([
      'AfterXHoursAgo',
      'BeforeXHoursAgo',
    ]);
  });

  it('publishes the negative operators of a column supporting NotIn', () => {
    expect(getEquivalentOperators(new Set(['NotIn']), 'Number')).toEqual(
      new Set<Operator>(['NotIn', 'NotEqual', 'Present']),
    );
  });

  it('publishes every String pattern operator from Match and Equal', () => {
    expect(getEquivalentOperators(new Set(['Equal', 'Match']), 'String')).toEqual(
      new Set<Operator>([
        'Equal',
        'Match',
        'Blank',
        'Missing',
        'In',
        'StartsWith',
        'EndsWith',
        'Contains',
        'IStartsWith',
        'IEndsWith',
        'IContains',
        'Like',
        'ILike',
      ]),
    );
  });

  it('publishes nothing for a column without operators', () => {
    expect(getEquivalentOperators(new Set(), 'String')).toEqual(new Set());
  });
});
