import { UnprocessableError } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { userOf } from '../../http/middlewares/authenticate';
import { readChartBody, readChartType } from './chart-definition';
import type { ChartBody } from './chart-definition';
import { ChartVariables } from './chart-variables';
import { readNativeQueryResult } from './native-query-result';
import { toStatsDocument } from './stats-document';
import { verifySelectQuery } from './verify-select-query';

/**
 * `POST /_internal/native_query` (docs/agent-protocol.md#native-query-charts): a chart computed by
 * the SQL of its definition, on one of the data source's native query connections; no timezone
 * needed. The checks, in order: a `query` and a non-`Smart` type (422), a `connectionName` (422), a
 * known connection (422), the chart permission (403, hashed on the body as posted), then the SQL:
 * its length (`maxNativeQueryLength`, 422) and the sanity check (422, one SELECT), then the chart
 * type (400). The sanity check is an early message; the data source runs the query read-only by
 * construction. `{{name}}` placeholders stay in the SQL: the data source binds their values
 * (`currentUser.x` from the session only, others from `contextVariables`) as parameters, never as
 * SQL text.
 *
 * @example
 * ```ts
 * mountNativeQuery(router, services);
 * // POST /_internal/native_query
 * // {"type":"Value","query":"SELECT count(*) AS value FROM orders","connectionName":"main"}
 * // → {"data":{"id":"…","type":"stats","attributes":{"value":{"countCurrent":500}}}}
 * ```
 */
export const mountNativeQuery: RouteMounter = (router, services) => {
  router.post('/_internal/native_query', async (request, response) => {
    const body = readChartBody(request.body);
    const { query, connectionName } = readQueryChart(body, services.dataSource);
    const user = userOf(response);
    // The permission first: nothing of the SQL is read for a caller who may not run the chart.
    await services.authorization.assertCanRenderChart(user, body);
    verifySelectQuery(query, services.options.maxNativeQueryLength);
    const type = readChartType(body.type);

    const variables = await ChartVariables.load(services, user, body);
    let rows: Record<string, unknown>[];
    try {
      rows = await services.dataSource.executeNativeQuery(
        connectionName,
        query,
        variables.bindings(query),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new UnprocessableError(`Error during chart native query execution: ${message}`, {
        cause: error,
      });
    }

    const chart = readNativeQueryResult(type, rows);
    services.activityLogs.read(user, { action: 'dashboard', label: `${type} chart (SQL)` });
    response.json(toStatsDocument(chart));
  });
};

function readQueryChart(
  body: ChartBody,
  dataSource: { readonly nativeQueryConnections: Readonly<Record<string, unknown>> },
): { query: string; connectionName: string } {
  const { query, connectionName, type } = body;
  if (typeof query !== 'string' || type === 'Smart') {
    throw new UnprocessableError('Native query endpoint only supports Query Chart Requests');
  }
  if (typeof connectionName !== 'string' || connectionName === '') {
    throw new UnprocessableError('Missing native query connection attribute');
  }
  if (!Object.hasOwn(dataSource.nativeQueryConnections, connectionName)) {
    throw new UnprocessableError(`Native query connection '${connectionName}' is unknown`);
  }

  return { query, connectionName };
}
