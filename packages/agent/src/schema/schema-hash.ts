import { createHash } from 'node:crypto';
import type { AgentSchema } from './agent-schema';

/**
 * The hash the platform compares before accepting a schema
 * (docs/agent-protocol.md#schema-publication): lowercase hex SHA-1 of the compact JSON of `{
 * collections, meta }` (key order as held in memory).
 *
 * @param schema - The schema (collections from the file in production, meta always rebuilt).
 * @example
 * ```ts
 * const hash = computeSchemaHash(schema); // e.g. 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
 * if (await platform.checkSchemaHash(hash)) await platform.uploadSchema(toApimap(schema, hash));
 * ```
 */
export function computeSchemaHash(schema: AgentSchema): string {
  const { collections, meta } = schema;

  return createHash('sha1').update(JSON.stringify({ collections, meta })).digest('hex');
}
