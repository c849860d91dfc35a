import type {
  CollectionCustomizer,
  DataSourceChartDefinition,
  Plugin,
  TCollectionName,
  TSchema,
  TUntypedSchema,
} from '@grove/datasource-customizer';

/**
 * The agent a customization receives: the one the Grove platform hosts (and `grove-cloud start`
 * runs locally). Its data sources come from the platform, so it has no `addDataSource`; the
 * rest is `@grove/agent`'s API. With the generated `Schema` (`typings.d.ts`), collection and
 * field names are checked by TypeScript.
 *
 * @example
 * ```ts
 * import type { Agent } from '@grove/grove-cloud';
 * import type { Schema } from '../typings';
 *
 * export default function customizeAgent(agent: Agent<Schema>) {
 *   agent.customizeCollection('books', books =>
 *     books.addField('label', {
 *       columnType: 'String',
 *       dependencies: ['title'],
 *       getValues: records => records.map(r => `[${r.title}]`),
 *     }),
 *   );
 * }
 * ```
 */
export interface Agent<S extends TSchema = TUntypedSchema> {
  /** Customizes a collection (fields, actions, relations, segments, hooks…). */
  customizeCollection<N extends TCollectionName<S>>(
    name: N,
    handle: (collection: CollectionCustomizer<S, N>) => unknown,
  ): Agent<S>;
  /** Removes collections from the exported schema (they stay usable in customizations). */
  removeCollection(...names: TCollectionName<S>[]): Agent<S>;
  /** Adds a chart of the whole data source. */
  addChart(name: string, definition: DataSourceChartDefinition<S>): Agent<S>;
  /** Loads a plugin on the whole data source. */
  use<Options>(plugin: Plugin<Options, S>, options?: Options): Agent<S>;
}
