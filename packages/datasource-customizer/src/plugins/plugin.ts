import type { Logger } from '@grove/datasource-toolkit';
import type { CollectionCustomizer } from '../collection-customizer';
import type { DataSourceCustomizer } from '../data-source-customizer';
import type { TSchema, TUntypedSchema } from '../types/schema-typing';

/**
 * A reusable customization: receives the data source customizer, the collection customizer when
 * it was used on a collection (`null` when used on the data source), its options and a logger.
 * It runs at build time, in queue order; the customizations it queues run right after it.
 *
 * @example
 * ```ts
 * const addCreatedBy: Plugin<{ field: string }> = (dataSource, collection, options) => {
 *   collection?.addHook('Before', 'Create', context => {
 *     for (const record of context.data) record[options.field] = context.caller.email;
 *   });
 * };
 * ```
 */
export type Plugin<Options = unknown, S extends TSchema = TUntypedSchema> = (
  dataSourceCustomizer: DataSourceCustomizer<S>,
  collectionCustomizer: CollectionCustomizer<S> | null,
  options: Options,
  logger: Logger,
) => void | Promise<void>;
