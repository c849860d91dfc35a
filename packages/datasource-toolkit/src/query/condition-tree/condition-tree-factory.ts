import { ValidationError } from '../../errors/errors';
import type { RecordData, CompositeId } from '../../interfaces/record';
import type { CollectionSchema } from '../../interfaces/schema';
import { getPrimaryKey } from '../../utils/record-utils';
import { getPrimaryKeys } from '../../utils/schema-utils';
import type { ConditionTree, PlainConditionTree } from './nodes/condition-tree';
import { ConditionTree as ConditionTreeClass } from './nodes/condition-tree';
import { ConditionTreeBranch, type Aggregator } from './nodes/condition-tree-branch';
import { ConditionTreeLeaf } from './nodes/condition-tree-leaf';
import { parseOperator } from './operators';

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function parseAggregator(value: unknown): Aggregator | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();

  return lower === 'and' ? 'And' : lower === 'or' ? 'Or' : undefined;
}

/**
 * Builds and combines condition trees. "Match all" is `null`; "match none" is `Or []`.
 *
 * @example
 * ```ts
 * const tree = ConditionTreeFactory.intersect(
 *   ConditionTreeFactory.fromPlainObject({ field: 'status', operator: 'Equal', value: 'paid' }),
 *   ConditionTreeFactory.matchIds(orders.schema, [[1], [2]]),
 * );
 * ```
 */
export const ConditionTreeFactory = {
  /** The tree that matches every record. */
  MatchAll: null,

  /** The tree that matches no record (a new `Or []`). */
  get MatchNone(): ConditionTree {
    return new ConditionTreeBranch('Or', []);
  },

  /**
   * Builds a tree from its plain JSON form (operators and aggregators in any casing). A branch of
   * one condition collapses to that condition. Malformed input raises a ValidationError.
   */
  fromPlainObject(
    json: PlainConditionTree | ConditionTree | null | undefined,
  ): ConditionTree | null {
    if (json === null || json === undefined) return null;
    if (json instanceof ConditionTreeClass) return json;
    if (typeof json !== 'object') {
      throw new ValidationError(
        `Failed to instantiate condition tree from json: ${describe(json)}`,
      );
    }

    if ('field' in json && 'operator' in json) {
      if (typeof json.field !== 'string' || json.field === '') {
        throw new ValidationError(
          `Failed to instantiate condition tree from json: the field of ${describe(json)} must be a non-empty string`,
        );
      }
      const operator = parseOperator(json.operator);
      if (!operator) {
        throw new ValidationError(
          `Unknown operator '${String(json.operator)}' on field '${json.field}'.`,
          { data: { field: json.field, operator: String(json.operator) } },
        );
      }

      return new ConditionTreeLeaf(json.field, operator, json.value);
    }

    if ('aggregator' in json && 'conditions' in json) {
      const aggregator = parseAggregator(json.aggregator);
      if (!aggregator) {
        throw new ValidationError(
          `Failed to instantiate condition tree from json: unknown aggregator '${String(json.aggregator)}' (expected 'And' or 'Or')`,
        );
      }
      if (!Array.isArray(json.conditions)) {
        throw new ValidationError(
          `Failed to instantiate condition tree from json: 'conditions' must be an array in ${describe(json)}`,
        );
      }
      const conditions = json.conditions.map(condition => {
        // A null child would become a null "match all" hidden inside a branch.
        if (condition === null || condition === undefined) {
          throw new ValidationError(
            `Failed to instantiate condition tree from json: ${describe(condition)}`,
          );
        }

        return ConditionTreeFactory.fromPlainObject(condition) as ConditionTree;
      });

      return conditions.length === 1
        ? (conditions[0] as ConditionTree)
        : new ConditionTreeBranch(aggregator, conditions);
    }

    throw new ValidationError(`Failed to instantiate condition tree from json: ${describe(json)}`);
  },

  /** And of the trees; `null` trees are dropped, nested `And`s flattened; no tree → match all. */
  intersect(...trees: Array<ConditionTree | null | undefined>): ConditionTree | null {
    return combine('And', trees, null);
  },

  /** Or of the trees; `null` trees are dropped, nested `Or`s flattened; no tree → match none. */
  union(...trees: Array<ConditionTree | null | undefined>): ConditionTree | null {
    if (trees.length === 1) return trees[0] ?? null;

    return combine('Or', trees, ConditionTreeFactory.MatchNone);
  },

  /** The tree matching records by primary key values (composite ids in schema order). */
  matchIds(schema: CollectionSchema, ids: readonly CompositeId[]): ConditionTree {
    const primaryKeys = getPrimaryKeys(schema);
    if (primaryKeys.length === 0) {
      throw new ValidationError('Collection must have at least one primary key');
    }
    for (const pk of primaryKeys) {
      const operators = (schema.fields[pk] as { filterOperators?: Set<string> }).filterOperators;
      if (!operators?.has('Equal') || !operators.has('In')) {
        throw new ValidationError(`Field '${pk}' must support operators: ['Equal', 'In']`);
      }
    }

    return matchFields(primaryKeys, ids);
  },

  /** The tree matching the given records by primary key. */
  matchRecords(schema: CollectionSchema, records: readonly RecordData[]): ConditionTree {
    return ConditionTreeFactory.matchIds(
      schema,
      records.map(record => getPrimaryKey(schema, record)),
    );
  },
};

function combine(
  aggregator: Aggregator,
  trees: Array<ConditionTree | null | undefined>,
  whenEmpty: ConditionTree | null,
): ConditionTree | null {
  const conditions = trees.flatMap(tree => {
    if (!tree) return [];
    if (tree instanceof ConditionTreeBranch && tree.aggregator === aggregator) {
      return [...tree.conditions];
    }

    return [tree];
  });
  if (conditions.length === 0) return whenEmpty;
  if (conditions.length === 1) return conditions[0] as ConditionTree;

  return new ConditionTreeBranch(aggregator, conditions);
}

function matchFields(fields: readonly string[], ids: readonly CompositeId[]): ConditionTree {
  if (ids.length === 0) return ConditionTreeFactory.MatchNone;
  const [first, ...rest] = fields as [string, ...string[]];

  if (rest.length === 0) {
    const values = [...new Set(ids.map(id => id[0]))];

    return values.length === 1
      ? new ConditionTreeLeaf(first, 'Equal', values[0])
      : new ConditionTreeLeaf(first, 'In', values);
  }

  const groups = new Map<unknown, CompositeId[]>();
  for (const id of ids) {
    const group = groups.get(id[0]) ?? [];
    group.push(id.slice(1));
    groups.set(id[0], group);
  }

  const branches = [...groups].map(([value, subIds]) =>
    ConditionTreeFactory.intersect(
      new ConditionTreeLeaf(first, 'Equal', value),
      matchFields(rest, subIds),
    ),
  );

  return ConditionTreeFactory.union(...branches) as ConditionTree;
}
