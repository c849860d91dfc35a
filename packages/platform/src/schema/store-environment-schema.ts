import type { PlatformContext } from '../platform-context';
import { saveEnvironmentSchema } from './save-environment-schema';
import type { StoredSchema } from './stored-schema';

/**
 * Stores an environment's schema (see `saveEnvironmentSchema`) and, when it changed, tells the
 * environment's agents to refetch their rights (new collections and actions, new rights). In
 * sandbox mode the test kit's view of the schema is updated too.
 *
 * @example
 * ```ts
 * const { schema, hash } = parseApimap(req.body);
 * await storeEnvironmentSchema(context, environment.id, schema, hash);
 * ```
 */
export async function storeEnvironmentSchema(
  context: PlatformContext,
  environmentId: number,
  schema: StoredSchema,
  hash: string,
): Promise<void> {
  const changed = await saveEnvironmentSchema(context.db, environmentId, schema, hash);
  context.sandbox?.recordSchema(environmentId, schema);
  if (changed) {
    await context.events.publish({ environmentId, name: 'refresh-roles', data: {} });
  }
}
