import type { AgentHttp } from '../http/agent-http';
import type { ChartValueByKind } from './chart-values';
import { requestApiChart } from './request-api-chart';
import type { ApiChartOptions } from './request-api-chart';

/**
 * Charts declared on the data source (`POST /_charts/<name>`), with typed shortcuts per kind.
 *
 * @example
 * ```ts
 * const { countCurrent } = await client.valueChart('totalRevenue');
 * const points = await client.timeBasedChart('ordersPerWeek');
 * ```
 */
export class DataSourceCharts {
  constructor(readonly http: AgentHttp) {}

  /** Any data-source chart, value unwrapped. */
  chart(name: string, options: ApiChartOptions = {}): Promise<unknown> {
    return requestApiChart(this.http, `/_charts/${encodeURI(name)}`, {}, options);
  }

  valueChart(name: string, options?: ApiChartOptions): Promise<ChartValueByKind['value']> {
    return this.chart(name, options) as Promise<ChartValueByKind['value']>;
  }

  distributionChart(
    name: string,
    options?: ApiChartOptions,
  ): Promise<ChartValueByKind['distribution']> {
    return this.chart(name, options) as Promise<ChartValueByKind['distribution']>;
  }

  timeBasedChart(name: string, options?: ApiChartOptions): Promise<ChartValueByKind['timeBased']> {
    return this.chart(name, options) as Promise<ChartValueByKind['timeBased']>;
  }

  leaderboardChart(
    name: string,
    options?: ApiChartOptions,
  ): Promise<ChartValueByKind['leaderboard']> {
    return this.chart(name, options) as Promise<ChartValueByKind['leaderboard']>;
  }

  objectiveChart(name: string, options?: ApiChartOptions): Promise<ChartValueByKind['objective']> {
    return this.chart(name, options) as Promise<ChartValueByKind['objective']>;
  }

  percentageChart(
    name: string,
    options?: ApiChartOptions,
  ): Promise<ChartValueByKind['percentage']> {
    return this.chart(name, options) as Promise<ChartValueByKind['percentage']>;
  }
}
