import type { AgentHttp } from '../http/agent-http';
import { packRecordId } from '../query/record-id';
import type { RecordId } from '../query/record-id';
import type { ChartValueByKind } from './chart-values';
import { unwrapChartValue } from './chart-values';
import { requestApiChart } from './request-api-chart';
import type { ApiChartOptions } from './request-api-chart';
import { statsBody } from './stats-request';
import type {
  DistributionStatsRequest,
  LeaderboardStatsRequest,
  ObjectiveStatsRequest,
  StatsRequest,
  TimeBasedStatsRequest,
  ValueStatsRequest,
} from './stats-request';

/** Options of a collection's API chart: the record whose page shows it. */
export interface CollectionChartOptions extends ApiChartOptions {
  readonly recordId: RecordId;
}

type Kinds = ChartValueByKind;

/**
 * The charts of a collection: API charts declared on it (`POST /_charts/<collection>/<name>`)
 * and the charts the frontend builds (`POST /stats/<collection>`), with typed shortcuts.
 *
 * @example
 * ```ts
 * const orders = client.collection('orders');
 * await orders.valueStats({ aggregator: 'Sum', aggregateFieldName: 'amount' }); // { countCurrent }
 * await orders.timeBasedStats({ groupByFieldName: 'createdAt', timeRange: 'Month' });
 * await orders.valueChart('margin', { recordId: 42 });
 * ```
 */
export class CollectionCharts {
  constructor(
    private readonly chartHttp: AgentHttp,
    private readonly chartCollection: string,
  ) {}

  /** Any API chart of the collection, value unwrapped. */
  chart(name: string, options: CollectionChartOptions): Promise<unknown> {
    const path = `/_charts/${encodeURI(this.chartCollection)}/${encodeURI(name)}`;

    return requestApiChart(
      this.chartHttp,
      path,
      { record_id: packRecordId(options.recordId) },
      options,
    );
  }

  valueChart(name: string, options: CollectionChartOptions): Promise<Kinds['value']> {
    return this.chart(name, options) as Promise<Kinds['value']>;
  }

  distributionChart(name: string, options: CollectionChartOptions): Promise<Kinds['distribution']> {
    return this.chart(name, options) as Promise<Kinds['distribution']>;
  }

  timeBasedChart(name: string, options: CollectionChartOptions): Promise<Kinds['timeBased']> {
    return this.chart(name, options) as Promise<Kinds['timeBased']>;
  }

  leaderboardChart(name: string, options: CollectionChartOptions): Promise<Kinds['leaderboard']> {
    return this.chart(name, options) as Promise<Kinds['leaderboard']>;
  }

  objectiveChart(name: string, options: CollectionChartOptions): Promise<Kinds['objective']> {
    return this.chart(name, options) as Promise<Kinds['objective']>;
  }

  percentageChart(name: string, options: CollectionChartOptions): Promise<Kinds['percentage']> {
    return this.chart(name, options) as Promise<Kinds['percentage']>;
  }

  /** Any chart the frontend builds (`POST /stats/<collection>`), value unwrapped. */
  async stats(request: StatsRequest): Promise<unknown> {
    const body = await this.chartHttp.json({
      method: 'POST',
      path: `/stats/${encodeURI(this.chartCollection)}`,
      body: statsBody(this.chartCollection, request),
    });

    return unwrapChartValue(body);
  }

  valueStats(request: ValueStatsRequest = {}): Promise<Kinds['value']> {
    return this.stats({ ...request, type: 'Value' }) as Promise<Kinds['value']>;
  }

  objectiveStats(request: ObjectiveStatsRequest): Promise<Kinds['objective']> {
    return this.stats({ ...request, type: 'Objective' }) as Promise<Kinds['objective']>;
  }

  distributionStats(request: DistributionStatsRequest): Promise<Kinds['distribution']> {
    return this.stats({ ...request, type: 'Pie' }) as Promise<Kinds['distribution']>;
  }

  timeBasedStats(request: TimeBasedStatsRequest): Promise<Kinds['timeBased']> {
    return this.stats({ ...request, type: 'Line' }) as Promise<Kinds['timeBased']>;
  }

  leaderboardStats(request: LeaderboardStatsRequest): Promise<Kinds['leaderboard']> {
    return this.stats({ ...request, type: 'Leaderboard' }) as Promise<Kinds['leaderboard']>;
  }

  /**
   * A percentage chart, computed as the frontend does (the agent has no Percentage stats route):
   * `numerator × 100 / denominator` from two value charts (0 when the denominator is 0).
   */
  async percentageStats(request: {
    readonly numerator: ValueStatsRequest;
    readonly denominator: ValueStatsRequest;
  }): Promise<number> {
    const [numerator, denominator] = await Promise.all([
      this.valueStats(request.numerator),
      this.valueStats(request.denominator),
    ]);

    return denominator.countCurrent === 0
      ? 0
      : (numerator.countCurrent * 100) / denominator.countCurrent;
  }
}
