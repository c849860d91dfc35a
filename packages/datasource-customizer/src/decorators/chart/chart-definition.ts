import type { Chart } from '@grove/datasource-toolkit';
import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import type { ChartResultBuilder } from './chart-result-builder';
import type { CollectionChartContext } from './collection-chart-context';
import type { DataSourceChartContext } from './data-source-chart-context';

/**
 * A chart displayed on a record of a collection: a function of the context (the record, the
 * parameters) and a result builder, returning the chart payload.
 *
 * @example
 * ```ts
 * const definition: CollectionChartDefinition = async (context, resultBuilder) => {
 *   const record = await context.getRecord(['score', 'target']);
 *
 *   return resultBuilder.objective(Number(record.score), Number(record.target));
 * };
 * ```
 */
export type CollectionChartDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (
  context: CollectionChartContext<S, N>,
  resultBuilder: ChartResultBuilder,
) => Chart | Promise<Chart>;

/**
 * A chart of the whole data source (dashboards): a function of the context and a result builder.
 *
 * @example
 * ```ts
 * const definition: DataSourceChartDefinition = (context, resultBuilder) =>
 *   resultBuilder.distribution({ open: 12, closed: 30 });
 * ```
 */
export type DataSourceChartDefinition<_S extends TSchema = TUntypedSchema> = (
  context: DataSourceChartContext,
  resultBuilder: ChartResultBuilder,
) => Chart | Promise<Chart>;
