import { describe, expect, it } from '@jest/globals';
import type { CollectionSchema, FieldSchema } from '../../../src/interfaces/schema';
import { ConditionTreeFactory } from '../../../src/query/condition-tree/condition-tree-factory';
import type { PlainConditionTree } from '../../../src/query/condition-tree/nodes/condition-tree';
import { ConditionTreeBranch } from '../../../src/query/condition-tree/nodes/condition-tree-branch';
import { ConditionTreeLeaf } from '../../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { Operator } from '../../../src/query/condition-tree/operators';

const { fromPlainObject, intersect, union, matchIds, matchRecords } = ConditionTreeFactory;

const a = new ConditionTreeLeaf('a', 'Equal', 1);
const b = new ConditionTreeLeaf('b', 'Equal', 2);
const c = new ConditionTreeLeaf('c', 'Equal', 3);

function pk(operators: Operator[] = ['Equal', 'In']): FieldSchema {
  return {
    type: 'Column',
    columnType: 'Number',
    isPrimaryKey: true,
    filterOperators: new Set(operators),
  };
}

function schema(fields: Record<string, FieldSchema>): CollectionSchema {
  return { fields, actions: {}, segments: [], charts: [], countable: true, searchable: true };
}

const single = schema({ id: pk(), name: { type: 'Column', columnType: 'String' } });
const composite = schema({ orderId: pk(), line: pk() });

describe('ConditionTreeFactory', () => {
  describe('fromPlainObject', () => {
    it('builds a leaf', () => {
      const tree = fromPlainObject({ field: 'title', operator: 'Equal', value: 'Dune' });

      expect([tree instanceof ConditionTreeLeaf, tree?.toJSON()]).toEqual([
        true,
        { field: 'title', operator: 'Equal', value: 'Dune' },
      ]);
    });

    it('builds a branch of branches', () => {
      const json = {
        aggregator: 'Or',
        conditions: [
          { field: 'a', operator: 'Present' },
          {
            aggregator: 'And',
            conditions: [
              { field: 'b', operator: 'Blank' },
              { field: 'c', operator: 'Missing' },
            ],
          },
        ],
      };

      expect(fromPlainObject(json)?.toJSON()).toEqual(json);
    });

    it('collapses a branch of one condition into that condition', () => {
      const tree = fromPlainObject({
        aggregator: 'And',
        conditions: [{ field: 'a', operator: 'Present' }],
      });

      expect(tree?.toJSON()).toEqual({ field: 'a', operator: 'Present' });
    });

    it('keeps a branch without conditions', () => {
      expect(fromPlainObject({ aggregator: 'Or', conditions: [] })?.toJSON()).toEqual({
        aggregator: 'Or',
        conditions: [],
      });
    });

    it('returns null for null and undefined', () => {
      expect([fromPlainObject(null), fromPlainObject(undefined)]).toEqual([null, null]);
    });

    it('returns a tree instance as is', () => {
      expect(fromPlainObject(a)).toBe(a);
    });

    it.each<[string, Operator]>([
      ['not_equal', 'NotEqual'],
      ['previous_x_days_to_date', 'PreviousXDaysToDate'],
      ['notEqual', 'NotEqual'],
      ['NOT_CONTAINS', 'NotContains'],
      ['i_contains', 'IContains'],
    ])('reads the operator %s as %s', (name, operator) => {
      expect(fromPlainObject({ field: 'a', operator: name })?.toJSON()).toEqual({
        field: 'a',
        operator,
      });
    });

    it.each([['and'], ['AND'], ['And']])('reads the aggregator %s as And', aggregator => {
      expect(
        (fromPlainObject({ aggregator, conditions: [] }) as ConditionTreeBranch).aggregator,
      ).toBe('And');
    });

    it('rejects an unknown operator, naming the field and the operator', () => {
      expect(() => fromPlainObject({ field: 'title', operator: 'resembles', value: 'x' })).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: "Unknown operator 'resembles' on field 'title'.",
          data: { field: 'title', operator: 'resembles' },
        }),
      );
    });

    it('rejects an unknown aggregator', () => {
      expect(() => fromPlainObject({ aggregator: 'Xor', conditions: [] })).toThrow(
        "Failed to instantiate condition tree from json: unknown aggregator 'Xor' (expected 'And' or 'Or')",
      );
    });

    it('rejects conditions that are not an array', () => {
      expect(() =>
        fromPlainObject({ aggregator: 'And', conditions: 'x' } as unknown as PlainConditionTree),
      ).toThrow(
        `Failed to instantiate condition tree from json: 'conditions' must be an array in {"aggregator":"And","conditions":"x"}`,
      );
    });

    it('rejects a field that is not a non-empty string', () => {
      expect(() => fromPlainObject({ field: '', operator: 'Present' })).toThrow(
        'Failed to instantiate condition tree from json: the field of {"field":"","operator":"Present"} must be a non-empty string',
      );
    });

    it('rejects an object that is neither a leaf nor a branch', () => {
      expect(() => fromPlainObject({ foo: 1 } as unknown as PlainConditionTree)).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: 'Failed to instantiate condition tree from json: {"foo":1}',
        }),
      );
    });

    it('rejects a value that is not an object', () => {
      expect(() => fromPlainObject('title = 1' as unknown as PlainConditionTree)).toThrow(
        'Failed to instantiate condition tree from json: "title = 1"',
      );
    });

    it('rejects a null condition inside a branch', () => {
      expect(() =>
        fromPlainObject({
          aggregator: 'And',
          conditions: [null, null],
        } as unknown as PlainConditionTree),
      ).toThrow('Failed to instantiate condition tree from json: null');
    });
  });

  describe('MatchNone and MatchAll', () => {
    it('has MatchAll null', () => {
      expect(ConditionTreeFactory.MatchAll).toBe(null);
    });

    it('has MatchNone an empty Or', () => {
      expect(ConditionTreeFactory.MatchNone.toJSON()).toEqual({ aggregator: 'Or', conditions: [] });
    });
  });

  describe('intersect', () => {
    it('flattens nested And branches and drops nulls', () => {
      expect(intersect(new ConditionTreeBranch('And', [a, b]), null, c)?.toJSON()).toEqual({
        aggregator: 'And',
        conditions: [a.toJSON(), b.toJSON(), c.toJSON()],
      });
    });

    it('keeps nested Or branches', () => {
      const or = new ConditionTreeBranch('Or', [a, b]);

      expect(intersect(or, c)?.toJSON()).toEqual({
        aggregator: 'And',
        conditions: [or.toJSON(), c.toJSON()],
      });
    });

    it('returns the only remaining tree', () => {
      expect(intersect(undefined, a, null)).toBe(a);
    });

    it('matches all (null) when nothing remains', () => {
      expect([intersect(), intersect(null, undefined)]).toEqual([null, null]);
    });
  });

  describe('union', () => {
    it('flattens nested Or branches and drops nulls', () => {
      expect(union(new ConditionTreeBranch('Or', [a, b]), null, c)?.toJSON()).toEqual({
        aggregator: 'Or',
        conditions: [a.toJSON(), b.toJSON(), c.toJSON()],
      });
    });

    it('returns a single argument as is, even a branch to flatten', () => {
      const or = new ConditionTreeBranch('Or', [new ConditionTreeBranch('Or', [a])]);

      expect(union(or)).toBe(or);
    });

    it('returns a single null argument as is', () => {
      expect(union(null)).toBe(null);
    });

    it('returns the only remaining tree', () => {
      expect(union(null, b)).toBe(b);
    });

    it('matches none (Or []) when nothing remains', () => {
      expect([union()?.toJSON(), union(null, null)?.toJSON()]).toEqual([
        { aggregator: 'Or', conditions: [] },
        { aggregator: 'Or', conditions: [] },
      ]);
    });
  });

  describe('matchIds', () => {
    it('uses Equal for one id', () => {
      expect(matchIds(single, [[1]]).toJSON()).toEqual({
        field: 'id',
        operator: 'Equal',
        value: 1,
      });
    });

    it('uses In for several ids', () => {
      expect(matchIds(single, [[1], [2]]).toJSON()).toEqual({
        field: 'id',
        operator: 'In',
        value: [1, 2],
      });
    });

    it('matches none for no id', () => {
      expect(matchIds(single, []).toJSON()).toEqual({ aggregator: 'Or', conditions: [] });
    });

    it('groups composite ids by their first key', () => {
      expect(
        matchIds(composite, [
          [1, 1],
          [1, 2],
          [2, 1],
        ]).toJSON(),
      ).toEqual({
        aggregator: 'Or',
        conditions: [
          {
            aggregator: 'And',
            conditions: [
              { field: 'orderId', operator: 'Equal', value: 1 },
              { field: 'line', operator: 'In', value: [1, 2] },
            ],
          },
          {
            aggregator: 'And',
            conditions: [
              { field: 'orderId', operator: 'Equal', value: 2 },
              { field: 'line', operator: 'Equal', value: 1 },
            ],
          },
        ],
      });
    });

    it('collapses one composite id into a single And', () => {
      expect(matchIds(composite, [[1, 2]]).toJSON()).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'orderId', operator: 'Equal', value: 1 },
          { field: 'line', operator: 'Equal', value: 2 },
        ],
      });
    });

    it('requires a primary key', () => {
      expect(() =>
        matchIds(schema({ name: { type: 'Column', columnType: 'String' } }), [[1]]),
      ).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: 'Collection must have at least one primary key',
        }),
      );
    });

    it('requires primary keys supporting Equal and In', () => {
      expect(() => matchIds(schema({ id: pk(['Equal']) }), [[1]])).toThrow(
        "Field 'id' must support operators: ['Equal', 'In']",
      );
    });
  });

  describe('matchRecords', () => {
    it('matches records by their primary keys', () => {
      const records = [
        { orderId: 1, line: 1, total: 5 },
        { orderId: 1, line: 2, total: 8 },
      ];

      expect(matchRecords(composite, records).toJSON()).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'orderId', operator: 'Equal', value: 1 },
          { field: 'line', operator: 'In', value: [1, 2] },
        ],
      });
    });

    it('rejects a record without its primary key', () => {
      expect(() => matchRecords(single, [{ name: 'x' }])).toThrow('Missing primary key: id');
    });
  });
});
