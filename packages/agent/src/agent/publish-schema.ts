import type { DataSource } from '@grove/datasource-toolkit';
import type { PlatformClient } from '@grove/platform-client';
import { resolve } from 'node:path';
import type { ResolvedAgentOptions } from '../options/agent-options';
import { generateSchema } from '../schema/generate-schema';
import { loadSchemaFile, writeSchemaFile } from '../schema/schema-file';
import { computeSchemaHash } from '../schema/schema-hash';
import { toApimap } from '../schema/to-apimap';
import { buildSchemaMeta } from '../schema/schema-meta';
import type { AgentSchema } from '../schema/agent-schema';

/**
 * The schema of a start (docs/agent-protocol.md#schema-file): generated and written in development,
 * read as-is in production (only `meta` is rebuilt), or generated in memory when `skipSchemaUpdate`
 * is set.
 *
 * @example
 * ```ts
 * const schema = await prepareSchema(dataSource, options);
 * ```
 */
export async function prepareSchema(
  dataSource: DataSource,
  options: ResolvedAgentOptions,
  forceGeneration = false,
): Promise<AgentSchema> {
  const path = resolve(options.schemaPath);
  if (options.isProduction && !forceGeneration) {
    const stored = await loadSchemaFile(path);

    return { collections: stored.collections, meta: buildSchemaMeta() };
  }

  const schema = await generateSchema(dataSource, {
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint,
  });
  if (!options.skipSchemaUpdate || forceGeneration) await writeSchemaFile(path, schema);

  return schema;
}

/**
 * Sends the schema to the platform when it does not know its hash
 * (docs/agent-protocol.md#schema-publication).
 *
 * @example
 * ```ts
 * await publishSchema(platform, schema, logger);
 * ```
 */
export async function publishSchema(
  platform: PlatformClient,
  schema: AgentSchema,
  options: ResolvedAgentOptions,
): Promise<void> {
  if (options.skipSchemaUpdate) return;
  const hash = computeSchemaHash(schema);
  if (await platform.checkSchemaHash(hash)) {
    await platform.uploadSchema(toApimap(schema, hash));
    options.logger('Info', 'Schema was updated, sending new version');
  } else {
    options.logger('Info', 'Schema was not updated since last run');
  }
}
