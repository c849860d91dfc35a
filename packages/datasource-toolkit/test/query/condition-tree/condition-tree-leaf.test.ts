import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ConditionTreeLeaf } from '../../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { Operator } from '../../../src/query/condition-tree/operators';
import { setFieldValue } from '../../../src/utils/record-utils';
import { books } from './books';

type Row = [Operator, string, unknown, unknown, boolean];

/** Matches `field operator value` against a record holding `fieldValue` at `field`. */
function matches(operator: Operator, field: string, value: unknown, fieldValue: unknown): boolean {
  const record = { id: 1 };
  setFieldValue(record, field, fieldValue);

  return new ConditionTreeLeaf(field, operator, value).match(record, books, 'Europe/Paris');
}

describe('ConditionTreeLeaf', () => {
  describe('match, operators evaluated natively', () => {
    it.each<Row>([
      ['Equal', 'title', 'Dune', 'Dune', true],
      ['Equal', 'title', 'Dune', 'Emma', false],
      ['Equal', 'title', null, undefined, true],
      ['Equal', 'price', 10, '10', true],
      ['Equal', 'publishedAt', '2024-01-01T00:00:00Z', new Date('2024-01-01T00:00:00.000Z'), true],
      ['Equal', 'isbn', 'ABC-1', 'abc-1', true],
      ['Equal', 'metadata', { a: 1, b: 2 }, { b: 2, a: 1 }, true],
      ['NotEqual', 'title', 'Dune', 'Emma', true],
      ['NotEqual', 'title', 'Dune', 'Dune', false],
      ['LessThan', 'price', 10, 5, true],
      ['LessThan', 'price', 10, 10, false],
      ['LessThan', 'price', 10, null, false],
      ['LessThan', 'opensAt', '10:00:00', '09:30:00', true],
      ['GreaterThan', 'price', 10, 11, true],
      ['GreaterThan', 'price', 10, 10, false],
      ['LessThanOrEqual', 'price', 10, 10, true],
      ['LessThanOrEqual', 'price', 10, 11, false],
      ['GreaterThanOrEqual', 'price', 10, 10, true],
      ['GreaterThanOrEqual', 'price', 10, 9, false],
      ['GreaterThan', 'publishedAt', '2024-01-01T00:00:00Z', '2024-01-01T01:00:00+00:00', true],
      ['Match', 'title', /^Du/, 'Dune', true],
      ['Match', 'title', /^Du/, 'Emma', false],
      ['Match', 'title', /^Du/, null, false],
      ['Match', 'title', '/^du/i', 'Dune', true],
      ['NotContains', 'title', 'un', 'Emma', true],
      ['NotContains', 'title', 'un', 'Dune', false],
      ['NotIContains', 'title', 'UN', 'Emma', true],
      ['NotIContains', 'title', 'UN', 'Dune', false],
      ['LongerThan', 'title', 3, 'Dune', true],
      ['LongerThan', 'title', 4, 'Dune', false],
      ['LongerThan', 'price', 1, 1000, false],
      ['ShorterThan', 'title', 5, 'Dune', true],
      ['ShorterThan', 'title', 4, 'Dune', false],
      ['IncludesAll', 'tags', ['a', 'b'], ['a', 'b', 'c'], true],
      ['IncludesAll', 'tags', ['a', 'b'], ['a'], false],
      ['IncludesNone', 'tags', ['a'], ['b', 'c'], true],
      ['IncludesNone', 'tags', ['a'], ['b', 'a'], false],
      ['Present', 'title', undefined, 'Dune', true],
      ['Present', 'title', undefined, '', false],
      ['Present', 'price', undefined, null, false],
      ['Blank', 'title', undefined, '', true],
      ['Blank', 'title', undefined, null, true],
      ['Blank', 'title', undefined, 'Dune', false],
      ['Missing', 'title', undefined, null, true],
      ['Missing', 'title', undefined, '', false],
      ['In', 'title', ['Dune', 'Emma'], 'Emma', true],
      ['In', 'title', ['Dune', 'Emma'], 'Ulysses', false],
      ['In', 'title', ['Dune', null], null, true],
      ['NotIn', 'title', ['Dune', 'Emma'], 'Ulysses', true],
      ['NotIn', 'title', ['Dune', 'Emma'], 'Dune', false],
      ['NotIn', 'title', ['Dune'], null, true],
      ['StartsWith', 'title', 'Du', 'Dune', true],
      ['StartsWith', 'title', 'du', 'Dune', false],
      ['EndsWith', 'title', 'ne', 'Dune', true],
      ['EndsWith', 'title', 'NE', 'Dune', false],
      ['Contains', 'title', 'un', 'Dune', true],
      ['Contains', 'title', 'un', 'Emma', false],
      ['IStartsWith', 'title', 'du', 'Dune', true],
      ['IStartsWith', 'title', 'un', 'Dune', false],
      ['IEndsWith', 'title', 'NE', 'Dune', true],
      ['IEndsWith', 'title', 'DU', 'Dune', false],
      ['IContains', 'title', 'UN', 'Dune', true],
      ['IContains', 'title', 'UN', 'Emma', false],
      ['Like', 'title', 'D_n%', 'Dune', true],
      ['Like', 'title', 'd_n%', 'Dune', false],
      ['Like', 'title', 'a.c%', 'abc', false],
      ['Like', 'title', '50%_off', '50% off', true],
      ['ILike', 'title', 'd_N%', 'Dune', true],
      ['ILike', 'title', 'd_N', 'Dune', false],
    ])('%s on %s with %p matches %p: %p', (operator, field, value, fieldValue, expected) => {
      expect(matches(operator, field, value, fieldValue)).toBe(expected);
    });

    it('reads relation paths', () => {
      expect(matches('Equal', 'author:name', 'Ada', 'Ada')).toBe(true);
    });

    it('reads a missing related record as null', () => {
      const leaf = new ConditionTreeLeaf('author:name', 'Missing');

      expect(leaf.match({ id: 1, author: null }, books, 'UTC')).toBe(true);
    });

    it('evaluates a global regex the same way on every record', () => {
      const leaf = new ConditionTreeLeaf('title', 'Match', /Dune/g);

      expect([1, 2, 3].map(() => leaf.match({ title: 'Dune' }, books, 'UTC'))).toEqual([
        true,
        true,
        true,
      ]);
    });
  });

  describe('match, relative date operators (Europe/Paris, Wednesday 2024-12-18 11:00)', () => {
    beforeAll(() => {
      jest.useFakeTimers({ now: new Date('2024-12-18T10:00:00Z') });
    });

    afterAll(() => {
      jest.useRealTimers();
    });

    it.each<Row>([
      ['Today', 'publishedAt', undefined, '2024-12-18T09:00:00Z', true],
      ['Today', 'publishedAt', undefined, '2024-12-17T23:00:00Z', true],
      ['Today', 'publishedAt', undefined, '2024-12-17T22:59:59Z', false],
      ['Today', 'publishedAt', undefined, new Date('2024-12-18T22:59:59Z'), true],
      ['Today', 'publishedAt', undefined, new Date('2024-12-18T23:00:00Z'), false],
      ['Today', 'releaseDate', undefined, '2024-12-18', true],
      ['Today', 'releaseDate', undefined, '2024-12-17', false],
      ['Yesterday', 'publishedAt', undefined, '2024-12-17T12:00:00Z', true],
      ['Yesterday', 'publishedAt', undefined, '2024-12-18T09:00:00Z', false],
      ['PreviousWeek', 'publishedAt', undefined, '2024-12-10T12:00:00Z', true],
      ['PreviousWeek', 'publishedAt', undefined, '2024-12-16T12:00:00Z', false],
      ['PreviousMonth', 'publishedAt', undefined, '2024-11-15T12:00:00Z', true],
      ['PreviousMonth', 'publishedAt', undefined, '2024-12-01T12:00:00Z', false],
      ['PreviousQuarter', 'publishedAt', undefined, '2024-08-15T12:00:00Z', true],
      ['PreviousQuarter', 'publishedAt', undefined, '2024-10-15T12:00:00Z', false],
      ['PreviousYear', 'publishedAt', undefined, '2023-06-01T12:00:00Z', true],
      ['PreviousYear', 'publishedAt', undefined, '2024-06-01T12:00:00Z', false],
      ['PreviousWeekToDate', 'publishedAt', undefined, '2024-12-16T12:00:00Z', true],
      ['PreviousWeekToDate', 'publishedAt', undefined, '2024-12-15T12:00:00Z', false],
      ['PreviousMonthToDate', 'publishedAt', undefined, '2024-12-05T12:00:00Z', true],
      ['PreviousMonthToDate', 'publishedAt', undefined, '2024-12-18T12:00:00Z', false],
      ['PreviousQuarterToDate', 'publishedAt', undefined, '2024-11-01T12:00:00Z', true],
      ['PreviousQuarterToDate', 'publishedAt', undefined, '2024-09-15T12:00:00Z', false],
      ['PreviousYearToDate', 'publishedAt', undefined, '2024-03-01T12:00:00Z', true],
      ['PreviousYearToDate', 'publishedAt', undefined, '2023-12-31T12:00:00Z', false],
      ['PreviousXDays', 'publishedAt', 3, '2024-12-15T12:00:00Z', true],
      ['PreviousXDays', 'publishedAt', 3, '2024-12-18T08:00:00Z', false],
      ['PreviousXDaysToDate', 'publishedAt', 3, '2024-12-18T08:00:00Z', true],
      ['PreviousXDaysToDate', 'publishedAt', 3, '2024-12-14T12:00:00Z', false],
      ['Before', 'publishedAt', '2024-12-01', '2024-11-30T12:00:00Z', true],
      ['Before', 'publishedAt', '2024-12-01', '2024-11-30T23:00:00Z', false],
      ['After', 'publishedAt', '2024-12-01', '2024-12-01T12:00:00Z', true],
      ['After', 'publishedAt', '2024-12-01', '2024-11-30T12:00:00Z', false],
      ['Past', 'publishedAt', undefined, '2024-12-18T09:00:00Z', true],
      ['Past', 'publishedAt', undefined, '2024-12-18T11:00:00Z', false],
      ['Past', 'releaseDate', undefined, '2024-12-17', true],
      ['Past', 'releaseDate', undefined, '2024-12-18', false],
      ['Future', 'publishedAt', undefined, '2024-12-18T11:00:00Z', true],
      ['Future', 'publishedAt', undefined, '2024-12-18T09:00:00Z', false],
      ['Future', 'releaseDate', undefined, '2024-12-19', true],
      ['Future', 'releaseDate', undefined, '2024-12-18', false],
      ['BeforeXHoursAgo', 'publishedAt', 2, '2024-12-18T07:00:00Z', true],
      ['BeforeXHoursAgo', 'publishedAt', 2, '2024-12-18T09:00:00Z', false],
      ['AfterXHoursAgo', 'publishedAt', 2, '2024-12-18T09:00:00Z', true],
      ['AfterXHoursAgo', 'publishedAt', 2, '2024-12-18T07:00:00Z', false],
    ])('%s on %s with %p matches %p: %p', (operator, field, value, fieldValue, expected) => {
      expect(matches(operator, field, value, fieldValue)).toBe(expected);
    });

    it('throws when a relative operator cannot be matched on the column type', () => {
      expect(() => matches('Today', 'price', undefined, 3)).toThrow(
        "Operator 'Today' cannot be matched in memory on 'price'.",
      );
    });
  });

  describe('inverse', () => {
    it.each<[Operator, Operator]>([
      ['Equal', 'NotEqual'],
      ['NotEqual', 'Equal'],
      ['In', 'NotIn'],
      ['NotIn', 'In'],
      ['Contains', 'NotContains'],
      ['NotContains', 'Contains'],
      ['IContains', 'NotIContains'],
      ['NotIContains', 'IContains'],
      ['Blank', 'Present'],
      ['Present', 'Blank'],
    ])('inverts %s into %s', (operator, inverse) => {
      expect(new ConditionTreeLeaf('title', operator, 'x').inverse().toJSON()).toEqual({
        field: 'title',
        operator: inverse,
        value: 'x',
      });
    });

    it.each<Operator>(['Missing', 'LessThan', 'Today', 'Like', 'Match'])(
      'cannot invert %s',
      operator => {
        expect(() => new ConditionTreeLeaf('title', operator).inverse()).toThrow(
          expect.objectContaining({
            code: 'ValidationError',
            message: `Operator '${operator}' cannot be inverted.`,
          }),
        );
      },
    );
  });

  describe('building and transforming', () => {
    const leaf = new ConditionTreeLeaf('title', 'Equal', 'Dune');

    it('rejects an unknown operator', () => {
      expect(() => new ConditionTreeLeaf('title', 'Equals' as Operator, 'Dune')).toThrow(
        "Unknown operator 'Equals' on field 'title'.",
      );
    });

    it('overrides some parts into a new leaf', () => {
      expect(leaf.override({ operator: 'NotEqual' }).toJSON()).toEqual({
        field: 'title',
        operator: 'NotEqual',
        value: 'Dune',
      });
    });

    it('removes the value when overridden with undefined', () => {
      expect(leaf.override({ operator: 'Present', value: undefined }).toJSON()).toEqual({
        field: 'title',
        operator: 'Present',
      });
    });

    it('leaves the original untouched', () => {
      leaf.override({ field: 'isbn' });

      expect(leaf.toJSON()).toEqual({ field: 'title', operator: 'Equal', value: 'Dune' });
    });

    it('nests under a prefix', () => {
      expect(leaf.nest('book').toJSON()).toEqual({
        field: 'book:title',
        operator: 'Equal',
        value: 'Dune',
      });
    });

    it('is unchanged when nested under an empty prefix', () => {
      expect(leaf.nest('')).toBe(leaf);
    });

    it('unnests its first path segment', () => {
      expect(new ConditionTreeLeaf('book:author:name', 'Present').unnest().toJSON()).toEqual({
        field: 'author:name',
        operator: 'Present',
      });
    });

    it('cannot unnest a field without relation', () => {
      expect(() => leaf.unnest()).toThrow('Cannot unnest condition tree.');
    });

    it('replaces its field', () => {
      expect(leaf.replaceFields(field => field.toUpperCase()).toJSON()).toEqual({
        field: 'TITLE',
        operator: 'Equal',
        value: 'Dune',
      });
    });

    it('projects its field', () => {
      expect([...new ConditionTreeLeaf('author:name', 'Present').projection]).toEqual([
        'author:name',
      ]);
    });

    it('accepts a plain object from replaceLeafs', () => {
      const replaced = leaf.replaceLeafs(() => ({ field: 'isbn', operator: 'present' }));

      expect(replaced.toJSON()).toEqual({ field: 'isbn', operator: 'Present' });
    });

    it('accepts a promise of a plain object from replaceLeafsAsync', async () => {
      const replaced = await leaf.replaceLeafsAsync(async () => ({
        field: 'isbn',
        operator: 'Blank',
      }));

      expect(replaced.toJSON()).toEqual({ field: 'isbn', operator: 'Blank' });
    });

    it('visits itself in forEachLeaf, everyLeaf and someLeaf', () => {
      const seen: string[] = [];
      leaf.forEachLeaf(visited => seen.push(visited.field));

      expect([
        seen,
        leaf.everyLeaf(l => l.field === 'title'),
        leaf.someLeaf(l => l.field === 'x'),
      ]).toEqual([['title'], true, false]);
    });

    it('omits an undefined value from its JSON', () => {
      expect(new ConditionTreeLeaf('title', 'Present').toJSON()).toEqual({
        field: 'title',
        operator: 'Present',
      });
    });

    it('keeps a null value in its JSON', () => {
      expect(new ConditionTreeLeaf('title', 'Equal', null).toJSON()).toEqual({
        field: 'title',
        operator: 'Equal',
        value: null,
      });
    });

    it('filters records with apply', () => {
      const records = [{ title: 'Dune' }, { title: 'Emma' }];

      expect(leaf.apply(records, books, 'UTC')).toEqual([{ title: 'Dune' }]);
    });
  });
});
