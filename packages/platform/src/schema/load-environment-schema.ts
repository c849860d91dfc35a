import type { PlatformDatabase } from '../database/platform-database';
import type { StoredCollection, StoredSchema } from './stored-schema';

/** An environment's stored schema and its hash. */
export interface LoadedSchema {
  readonly schema: StoredSchema;
  readonly hash: string;
}

function isStoredSchema(value: unknown): value is StoredSchema {
  const schema = value as Partial<StoredSchema> | null;

  return (
    typeof schema === 'object' &&
    schema !== null &&
    Array.isArray(schema.collections) &&
    schema.collections.every(
      (collection: Partial<StoredCollection>) =>
        typeof collection?.name === 'string' &&
        Array.isArray(collection.fields) &&
        Array.isArray(collection.actions) &&
        Array.isArray(collection.segments),
    )
  );
}

/**
 * The schema the environment's agent last uploaded, or null when none was (or the stored value
 * is not a schema, e.g. written by hand: it is then treated as missing and asked for again).
 *
 * @example
 * ```ts
 * const loaded = await loadEnvironmentSchema(db, environment.id);
 * const names = loaded?.schema.collections.map(collection => collection.name) ?? [];
 * ```
 */
export async function loadEnvironmentSchema(
  db: PlatformDatabase,
  environmentId: number,
): Promise<LoadedSchema | null> {
  const row = await db.models.EnvironmentSchema.findOne({ where: { environmentId } });
  if (!row || !isStoredSchema(row.schema)) return null;

  return { schema: row.schema, hash: row.hash };
}
