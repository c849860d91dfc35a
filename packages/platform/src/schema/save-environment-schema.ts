import { Op, UniqueConstraintError } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import type { StoredSchema } from './stored-schema';

/**
 * Stores the schema an environment's agent uploaded (one per environment, replaced on each
 * upload) and tells whether it changed (a different hash). Each write is one statement, no
 * transaction: agents of one environment that upload together all succeed (SQLite would refuse
 * concurrent transactions), the one that loses the insert race updates the row instead, and the
 * last write wins.
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
  const { EnvironmentSchema } = db.models;
  if (!(await EnvironmentSchema.findOne({ where: { environmentId }, attributes: ['id'] }))) {
    try {
      await EnvironmentSchema.create({ environmentId, schema, hash });

      return true;
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  }
  const [updated] = await EnvironmentSchema.update(
    { schema, hash },
    { where: { environmentId, hash: { [Op.ne]: hash } } },
  );

  return updated > 0;
}
