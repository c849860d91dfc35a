import { NotFoundError } from '@grove/datasource-toolkit';
import type { Chart } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { AgentServices } from '../../http/agent-services';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import type { RouteMounter } from '../../http/route-mounter';
import { isJsonObject } from '../../query/is-json-object';
import { parseId } from '../../query/parse-id';
import { toStatsDocument } from './stats-document';

type ChartRenderer = (
  services: AgentServices,
  request: Request,
  response: Response,
) => Promise<Chart>;

/**
 * The charts declared in code with `addChart` (docs/agent-protocol.md#api-charts), on the data
 * source (`/_charts/{name}`) and on a collection (`/_charts/{c}/{name}`, for the record
 * `record_id`). Authentication only (no chart permission); `timezone` required. `POST` answers the
 * `stats` document, `GET` (smart charts) the value bare. An unknown collection or chart is a 404
 * naming it, checked before the timezone.
 *
 * @example
 * ```ts
 * mountApiCharts(router, services);
 * // POST /_charts/mrr?timezone=UTC → {"data":{"id":"…","type":"stats","attributes":{"value":…}}}
 * // GET /_charts/orders/margin?timezone=UTC&record_id=12 → the value as the chart returned it
 * ```
 */
export const mountApiCharts: RouteMounter = (router, services) => {
  const mount = (path: string, render: ChartRenderer) => {
    router.get(path, async (request, response) => {
      response.json(await render(services, request, response));
    });
    router.post(path, async (request, response) => {
      response.json(toStatsDocument(await render(services, request, response)));
    });
  };

  mount('/_charts/:chartName', renderDataSourceChart);
  mount('/_charts/:collectionName/:chartName', renderCollectionChart);
};

const renderDataSourceChart: ChartRenderer = async (services, request, response) => {
  const name = readParam(request, 'chartName');
  if (!services.dataSource.schema.charts.includes(name)) {
    throw new NotFoundError(`Chart '${name}' not found`);
  }
  const caller = callerOf(request, response);

  const chart = await services.dataSource.renderChart(caller, name, chartParameters(request));
  services.activityLogs.read(userOf(response), { action: 'dashboard', label: `chart "${name}"` });

  return chart;
};

const renderCollectionChart: ChartRenderer = async (services, request, response) => {
  const collection = collectionOf(services.dataSource, readParam(request, 'collectionName'));
  const name = readParam(request, 'chartName');
  if (!collection.schema.charts.includes(name)) {
    throw new NotFoundError(`Chart '${name}' not found on collection '${collection.name}'`);
  }
  const caller = callerOf(request, response);
  const parameters = chartParameters(request);
  // As the vendor's agent: a missing record_id is unpacked from the text `undefined`.
  const recordId = parseId(collection, String(parameters.record_id));

  const chart = await collection.renderChart(caller, name, recordId, parameters);
  services.activityLogs.read(userOf(response), {
    action: 'dashboard',
    collectionName: collection.name,
    recordIds: [String(parameters.record_id)],
    label: `chart "${name}"`,
  });

  return chart;
};

function readParam(request: Request, key: string): string {
  const value = request.params[key];

  return typeof value === 'string' ? value : '';
}

/** Every scalar value of the query string and of the body (which wins), as text. */
function chartParameters(request: Request): Record<string, string> {
  const body: unknown = request.body;
  const merged = { ...request.query, ...(isJsonObject(body) ? body : {}) };
  const parameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (value !== null && value !== undefined && typeof value !== 'object') {
      parameters[key] = String(value);
    }
  }

  return parameters;
}
