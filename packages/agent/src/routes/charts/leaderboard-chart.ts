import { ValidationError, findInverseRelation } from '@grove/datasource-toolkit';
import type { Aggregation, Collection, Filter } from '@grove/datasource-toolkit';
import { readAggregation, toChartNumber } from './chart-aggregation';
import { readLimit } from './chart-definition';
import type { StatsChartContext } from './stats-chart-context';

/**
 * One row of a Leaderboard: the label of a record of `{c}` and its aggregate.
 *
 * @example
 * ```ts
 * const row: LeaderboardRow = { key: 'Ada', value: 950 };
 * ```
 */
export interface LeaderboardRow {
  readonly key: unknown;
  readonly value: number;
}

interface LeaderboardQuery {
  readonly collection: Collection;
  readonly filter: Filter;
  readonly aggregation: Aggregation;
}

/**
 * A Leaderboard (docs/agent-protocol.md#charts): records of `{c}` ranked by an aggregate of their
 * to-many relation `relationshipFieldName`, labelled by `labelFieldName`, at most `limit` rows in
 * the data source's order (value descending). One query on the other side: OneToMany aggregates the
 * foreign collection grouped by `<inverse>:<label>`; ManyToMany aggregates the through collection
 * grouped by `<origin>:<label>` (the field then read through `<target>:`). The filter of `{c}`
 * (scope included) is nested along the same relation.
 *
 * @throws ValidationError `Failed to generate leaderboard chart: parameters do not match
 *   pre-requisites` when the relation is not a to-many relation whose other side is reachable.
 * @param context - The chart, its caller and the filter of `{c}`.
 *
 * @example
 * ```ts
 * await computeLeaderboardChart(context); // [{ key: 'Ada', value: 950 }, { key: 'Bob', value: 40 }]
 * ```
 */
export async function computeLeaderboardChart(
  context: StatsChartContext,
): Promise<LeaderboardRow[]> {
  const query = leaderboardQuery(context);
  if (!query) {
    throw new ValidationError(
      'Failed to generate leaderboard chart: parameters do not match pre-requisites',
    );
  }
  const { collection, filter, aggregation } = query;
  const limit = readLimit(context.chart.limit);
  const rows = await collection.aggregate(context.caller, filter, aggregation, limit);
  const [group] = aggregation.groups;

  return rows.map(row => ({
    key: group && row.group[group.field],
    value: toChartNumber(row.value),
  }));
}

function leaderboardQuery(context: StatsChartContext): LeaderboardQuery | undefined {
  const { collection, chart, filter } = context;
  const {
    relationshipFieldName: name,
    labelFieldName: label,
    aggregateFieldName: measured,
  } = chart;
  if (typeof name !== 'string' || typeof label !== 'string') return undefined;
  const relation = collection.schema.fields[name];
  const { dataSource } = collection;

  if (relation?.type === 'OneToMany') {
    const inverse = findInverseRelation(collection, name);
    if (!inverse) return undefined;

    return {
      collection: dataSource.getCollection(relation.foreignCollection),
      filter: filter.nest(inverse),
      aggregation: readAggregation(chart, { groups: [{ field: `${inverse}:${label}` }] }),
    };
  }

  if (relation?.type === 'ManyToMany') {
    const through = dataSource.getCollection(relation.throughCollection);
    const origin = findManyToOne(through, collection.name, relation.originKey);
    const target = findManyToOne(through, relation.foreignCollection, relation.foreignKey);
    if (!origin || !target) return undefined;

    return {
      collection: through,
      filter: filter.nest(origin),
      aggregation: readAggregation(chart, {
        groups: [{ field: `${origin}:${label}` }],
        field: typeof measured === 'string' && measured !== '' ? `${target}:${measured}` : null,
      }),
    };
  }

  return undefined;
}

/** The ManyToOne of a through collection pointing to `foreign` with the key `foreignKey`. */
function findManyToOne(through: Collection, foreign: string, foreignKey: string) {
  const found = Object.entries(through.schema.fields).find(
    ([, field]) =>
      field.type === 'ManyToOne' &&
      field.foreignCollection === foreign &&
      field.foreignKey === foreignKey,
  );

  return found?.[0];
}
