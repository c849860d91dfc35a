import { UniqueConstraintError } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import type { StoredSchema } from './stored-schema';

async function write(
  db: PlatformDatabase,
  environmentId: number,
  schema: StoredSchema,
  hash: string,
): Promise<boolean> {
  const { EnvironmentSchema } = db.models;

  return db.sequelize.transaction(async transaction => {
    const row = await EnvironmentSchema.findOne({ where: { environmentId }, transaction });
    if (!row) {
      await EnvironmentSchema.create({ environmentId, schema, hash }, { transaction });

      return true;
    }
    if (row.hash === hash) return false;
    await row.update({ schema, hash }, { transaction });

    return true;
  });
}

/**
 * Stores the schema an environment's agent uploaded (one per environment, replaced on each
 * upload) and tells whether it changed (a different hash). Two agents of one environment that
 * upload together both succeed: the one that loses the insert race updates the row instead.
 *
 * @example
 * ```ts
 * if (await saveEnvironmentSchema(db, environment.id, schema, hash)) await publishRefresh();
 * ```
 */
export async function saveEnvironmentSchema(
  db: PlatformDatabase,
  environmentId: number,
  schema: StoredSchema,
  hash: string,
): Promise<boolean> {
  try {
    return await write(db, environmentId, schema, hash);
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;

    return write(db, environmentId, schema, hash);
  }
}
