import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../../database/platform-database';

/**
 * The statuses of some activity logs of one environment, by id (logs of another environment, or
 * none, are absent from the answer), locked for update on PostgreSQL when a transaction is given.
 *
 * The logs are looked up by primary key only, and their environment checked here: with
 * `environment_id = ? AND id IN (…)` SQLite picks the `(environment_id, created_at, id)` index
 * as soon as the list has a few ids (it has no statistics), and scans every log of the
 * environment, so that a batch of statuses cost grew with the logs stored (17 ms for 10 ids among
 * 200,000 logs, against 0.1 ms by primary key).
 *
 * @example
 * ```ts
 * const statuses = await findActivityLogStatuses(db, environment.id, ['12', '13'], transaction);
 * statuses.get('12'); // 'pending'
 * ```
 */
export async function findActivityLogStatuses(
  db: PlatformDatabase,
  environmentId: number,
  ids: readonly string[],
  transaction?: Transaction,
): Promise<Map<string, string>> {
  const rows = (await db.models.ActivityLog.findAll({
    attributes: ['id', 'environmentId', 'status'],
    where: { id: [...ids] },
    raw: true,
    ...(transaction ? { transaction } : {}),
    ...(transaction && db.dialect === 'postgres' ? { lock: transaction.LOCK.UPDATE } : {}),
  })) as unknown as Array<{ id: number | string; environmentId: number | string; status: string }>;

  return new Map(
    rows
      .filter(row => Number(row.environmentId) === environmentId)
      .map(row => [String(row.id), row.status]),
  );
}
