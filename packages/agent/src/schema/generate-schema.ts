import type { DataSource } from '@grove/datasource-toolkit';
import type { AgentSchema } from './agent-schema';
import { buildSchemaCollection, type GenerateSchemaOptions } from './schema-collection';
import { buildSchemaMeta } from './schema-meta';
import { compareCollectionNames } from './compare-collection-names';

/**
 * Generates the schema of a customized data source (docs/agent-protocol.md#schema-file):
 * collections sorted by name with a locale-aware comparison, each with its fields, actions and
 * segments, and the meta.
 *
 * @param dataSource - The customized data source (the top of the decorator stack).
 * @param options - `useUnsafeActionEndpoint`, which changes action ids and endpoints and refuses
 *   two actions of a collection with the same slug.
 * @example
 * ```ts
 * const schema = await generateSchema(dataSource, { useUnsafeActionEndpoint: false });
 * await writeSchemaFile('.grove-schema.json', schema);
 * ```
 */
export async function generateSchema(
  dataSource: DataSource,
  options: GenerateSchemaOptions,
): Promise<AgentSchema> {
  const collections = [...dataSource.collections].sort((a, b) =>
    compareCollectionNames(a.name, b.name),
  );

  return {
    collections: await Promise.all(collections.map(c => buildSchemaCollection(c, options))),
    meta: buildSchemaMeta(),
  };
}
