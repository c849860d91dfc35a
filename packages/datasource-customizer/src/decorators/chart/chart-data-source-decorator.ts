import {
  ValidationError,
  type Caller,
  type Chart,
  type DataSource,
  type DataSourceSchema,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { ChartCollectionDecorator } from './chart-collection-decorator';
import type { DataSourceChartDefinition } from './chart-definition';
import { ChartResultBuilder } from './chart-result-builder';
import { DataSourceChartContext } from './data-source-chart-context';

/**
 * The chart layer of the stack: wraps every collection in a {@link ChartCollectionDecorator} and
 * holds the data-source charts (dashboards). Their names come first in the schema's `charts`.
 *
 * @example
 * ```ts
 * const charts = new ChartDataSourceDecorator(child);
 * charts.addChart('open tickets', (context, resultBuilder) => resultBuilder.value(12));
 * ```
 */
export class ChartDataSourceDecorator extends DataSourceDecorator<ChartCollectionDecorator> {
  private readonly charts = new Map<string, DataSourceChartDefinition>();

  constructor(child: DataSource) {
    // The cast works around `DataSourceDecorator<T>` being invariant in T (its constructor type
    // wants a decorator accepting `DataSourceDecorator<T>`, the base class accepts the default).
    super(child, ChartCollectionDecorator);
  }

  /** The child's schema with this layer's charts first; a name defined here and below throws. */
  override get schema(): DataSourceSchema {
    const childSchema = this.child.schema;
    for (const name of childSchema.charts) {
      if (this.charts.has(name)) throw new ValidationError(`Chart '${name}' is defined twice.`);
    }

    return { ...childSchema, charts: [...this.charts.keys(), ...childSchema.charts] };
  }

  /** Adds a data-source chart; the name must not be used by another chart of this layer. */
  addChart(name: string, definition: DataSourceChartDefinition): void {
    if (typeof name !== 'string' || name === '') {
      throw new ValidationError('A data-source chart needs a non-empty name.');
    }
    if (this.charts.has(name)) throw new ValidationError(`Chart '${name}' already exists.`);
    if (typeof definition !== 'function') {
      throw new ValidationError(
        `Chart '${name}' must be a function (context, resultBuilder) => chart.`,
      );
    }

    this.charts.set(name, definition);
  }

  override async renderChart(
    caller: Caller,
    name: string,
    parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    const definition = this.charts.get(name);
    if (!definition) return super.renderChart(caller, name, parameters);

    const context = new DataSourceChartContext(this, caller, parameters);

    return definition(context, new ChartResultBuilder(caller.timezone));
  }
}
