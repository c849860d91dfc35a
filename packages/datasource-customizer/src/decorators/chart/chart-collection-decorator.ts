import {
  ValidationError,
  type Caller,
  type Chart,
  type CollectionSchema,
  type CompositeId,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import type { CollectionChartDefinition } from './chart-definition';
import { ChartResultBuilder } from './chart-result-builder';
import { CollectionChartContext } from './collection-chart-context';

/**
 * The chart layer of a collection: charts displayed on a record. Their names are appended to the
 * schema's `charts`; rendering a name this layer does not know is left to the child.
 *
 * @example
 * ```ts
 * books.addChart('sales', async (context, resultBuilder) =>
 *   resultBuilder.value(Number((await context.getRecord(['sales'])).sales)),
 * );
 * ```
 */
export class ChartCollectionDecorator extends CollectionDecorator {
  private readonly charts = new Map<string, CollectionChartDefinition>();

  /** Adds a record chart; its name must not be a chart of this collection already. */
  addChart(name: string, definition: CollectionChartDefinition): void {
    if (typeof name !== 'string' || name === '') {
      throw new ValidationError(`A chart of collection '${this.name}' needs a non-empty name.`);
    }
    if (this.schema.charts.includes(name))
      throw new ValidationError(`Chart '${name}' already exists on collection '${this.name}'.`);
    if (typeof definition !== 'function') {
      throw new ValidationError(
        `Chart '${name}' of collection '${this.name}' must be a function (context, resultBuilder) => chart.`,
      );
    }

    this.charts.set(name, definition);
    this.markSchemaAsDirty();
  }

  override async renderChart(
    caller: Caller,
    name: string,
    recordId: CompositeId,
    parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    const definition = this.charts.get(name);
    if (!definition) return super.renderChart(caller, name, recordId, parameters);

    const context = new CollectionChartContext(this, caller, recordId, parameters);

    return definition(context, new ChartResultBuilder(caller.timezone));
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    childSchema.charts = [...childSchema.charts, ...this.charts.keys()];

    return childSchema;
  }
}
