import type { Caller, DataSource } from '@grove/datasource-toolkit';
import { CustomizationContext } from '../../context/customization-context';

/**
 * What a data-source chart handler receives: the base context (caller, data source at the chart
 * layer), the chart parameters and the caller's timezone.
 *
 * @example
 * ```ts
 * agent.addChart('active users', async (context, resultBuilder) => {
 *   const [row] = await context.dataSource.getCollection('users').aggregate(
 *     { conditionTree: { field: 'active', operator: 'Equal', value: true } },
 *     { operation: 'Count' },
 *   );
 *
 *   return resultBuilder.value(Number(row?.value ?? 0));
 * });
 * ```
 */
export class DataSourceChartContext extends CustomizationContext {
  /** The parameters sent by the frontend (a frozen copy). */
  readonly parameters: Readonly<Record<string, unknown>>;

  constructor(dataSource: DataSource, caller: Caller, parameters: Record<string, unknown> = {}) {
    super(dataSource, caller);
    this.parameters = Object.freeze({ ...parameters });
  }

  /** The caller's IANA timezone (time-based charts are bucketed in it). */
  get timezone(): string {
    return this.caller.timezone;
  }
}
