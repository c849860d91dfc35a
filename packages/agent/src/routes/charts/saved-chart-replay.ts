import { ForbiddenError, Projection } from '@grove/datasource-toolkit';
import type { AgentServices } from '../../http/agent-services';
import { collectionOf } from '../../http/collection-of';
import { assertBrowsablePaths } from '../assert-browsable-paths';
import type { RequestUser } from '../../permissions/authorization';
import type { QueryParams } from '../../query/query-params';
import type { ChartBody } from './chart-definition';

/**
 * Query-string parameters that narrow the records a chart reads (docs/agent-protocol.md#charts).
 */
const narrowingParameters = ['filters', 'search', 'segment', 'segmentQuery'] as const;

/**
 * Checks a chart request of a caller allowed by a saved chart's hash (not a trusted level): the
 * hash does not cover the URL nor the query string, so the replay must read exactly what the
 * saved definition reads. The URL's collection must be the chart's `sourceCollectionName`, the
 * caller must hold `browse` on it, and nothing outside the hash may narrow the records: no
 * query-string `filters`, `search`, `segment` or `segmentQuery`, no body `filters` (the JSON-text
 * filter, which is not hashed). Fields reached through relations (and a leaderboard's relation)
 * need `browse` on their collections. Without this, a saved count is an oracle on any column of
 * any collection.
 *
 * @param services - The authorization service.
 * @param user - The session's user.
 * @param collection - The collection named in the URL.
 * @param chart - The chart definition as posted.
 * @param query - The query string.
 * @throws ForbiddenError (403) naming what the replay may not change.
 *
 * @example
 * ```ts
 * if ((await authorization.assertCanRenderChart(user, body)) === 'saved') {
 *   await assertSavedChartReplay(services, user, 'orders', body, request.query);
 * }
 * ```
 */
export async function assertSavedChartReplay(
  services: AgentServices,
  user: RequestUser,
  collection: string,
  chart: ChartBody,
  query: QueryParams,
): Promise<void> {
  if (chart.sourceCollectionName !== collection) {
    throw new ForbiddenError(
      `This chart reads '${String(chart.sourceCollectionName)}', not '${collection}'`,
    );
  }
  await services.authorization.assertCan(user, 'browse', collection);
  await assertBrowsableRelations(services, user, collection, chart);

  const added: string[] = narrowingParameters.filter(key => isSet(query[key]));
  if (isSet(chart.filters) && !added.includes('filters')) added.push('filters');
  if (added.length) {
    throw new ForbiddenError(
      `A saved chart is replayed as saved: ${added.join(', ')} may not be added`,
    );
  }
}

/**
 * A saved chart reads no further than the caller may browse: its field paths through a relation
 * (`groupByFieldName: 'customer:city'`) and a leaderboard's relation need `browse` on the
 * collections they reach, as filters and sorts do.
 */
async function assertBrowsableRelations(
  services: AgentServices,
  user: RequestUser,
  collection: string,
  chart: ChartBody,
): Promise<void> {
  const source = collectionOf(services.dataSource, collection);
  const paths = ['groupByFieldName', 'aggregateFieldName', 'labelFieldName']
    .map(key => chart[key])
    .filter((path): path is string => typeof path === 'string' && path.includes(':'));
  await assertBrowsablePaths(services, user, source, new Projection(...paths));

  const relation = chart.relationshipFieldName;
  const field = typeof relation === 'string' ? source.schema.fields[relation] : undefined;
  if (field && field.type !== 'Column') {
    await services.authorization.assertCan(user, 'browse', field.foreignCollection);
  }
}

/** Whether a parameter holds anything but blanks (every value of a repeated key counts). */
function isSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isSet);
  if (value === undefined || value === null) return false;

  return typeof value !== 'string' || value.trim() !== '';
}
