import type { RouteMounter } from '../../http/route-mounter';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { readChartBody, readChartType } from './chart-definition';
import type { StatsChartType } from './chart-definition';
import { computeLeaderboardChart } from './leaderboard-chart';
import { computeLineChart } from './line-chart';
import { computeObjectiveChart } from './objective-chart';
import { computePieChart } from './pie-chart';
import { assertSavedChartReplay } from './saved-chart-replay';
import { createStatsChartContext } from './stats-chart-context';
import type { StatsChartContext } from './stats-chart-context';
import { toStatsDocument } from './stats-document';
import { computeValueChart } from './value-chart';

/** How each chart type is computed; every one aggregates in the data source. */
const computations: Record<StatsChartType, (context: StatsChartContext) => Promise<unknown>> = {
  Value: computeValueChart,
  Objective: computeObjectiveChart,
  Pie: computePieChart,
  Line: computeLineChart,
  Leaderboard: computeLeaderboardChart,
};

/**
 * `POST /stats/{c}` (docs/agent-protocol.md#charts): computes a dashboard or collection chart from
 * its definition (the body) and answers the `stats` document. Order of the checks: unknown
 * collection (404), chart type (400 `Invalid Chart type "<t>"`), chart permission (403; hashed on
 * the body as posted, before any placeholder is filled; a user allowed by a saved chart's hash
 * replays it as saved: see `assertSavedChartReplay`), then the timezone (400) and the chart itself.
 *
 * @example
 * ```ts
 * mountStatsChart(router, services);
 * // POST /stats/orders?timezone=Europe/Paris {"type":"Value","aggregator":"Count",…}
 * // → {"data":{"id":"…","type":"stats","attributes":{"value":{"countCurrent":120}}}}
 * ```
 */
export const mountStatsChart: RouteMounter = (router, services) => {
  router.post('/stats/:collectionName', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    const body = readChartBody(request.body);
    const type = readChartType(body.type);
    const user = userOf(response);
    if ((await services.authorization.assertCanRenderChart(user, body)) === 'saved') {
      await assertSavedChartReplay(services, user, collection.name, body, request.query);
    }

    const context = await createStatsChartContext(services, request, response, collection, body);
    const chart = await computations[type](context);
    services.activityLogs.read(user, {
      action: 'dashboard',
      collectionName: collection.name,
      label: `${type} chart`,
    });
    response.json(toStatsDocument(chart));
  });
};
