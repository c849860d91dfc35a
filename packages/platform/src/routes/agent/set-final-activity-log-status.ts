import { QueryTypes } from 'sequelize';
import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../../database/platform-database';
import { sqlTimestamp } from '../../database/sql-timestamp';

/** A final status of an activity log. */
export type FinalActivityLogStatus = 'completed' | 'failed';

/** The logs {@link setFinalActivityLogStatus} changes, and to what. */
export interface FinalStatusChange {
  readonly environmentId: number;
  readonly status: FinalActivityLogStatus;
  readonly ids: readonly string[];
}

/**
 * Sets a final status on the logs of `ids` that are `pending` and of the environment, with one
 * conditional `UPDATE … RETURNING id` (race-free: of two concurrent calls, one changes a log), and
 * answers the ids it changed. The environment is checked with `+environment_id`: the unary plus
 * keeps SQLite's planner off the `(environment_id, …)` indexes (without statistics it would scan
 * every log of the environment instead of looking the ids up by primary key); PostgreSQL reads it
 * as the column itself.
 *
 * @example
 * ```ts
 * const changed = await setFinalActivityLogStatus(db, {
 *   environmentId: environment.id,
 *   status: 'completed',
 *   ids: ['12', '13'],
 * });
 * changed; // Set { '12' } when 13 was already final
 * ```
 */
export async function setFinalActivityLogStatus(
  db: PlatformDatabase,
  change: FinalStatusChange,
  transaction?: Transaction,
): Promise<Set<string>> {
  const { environmentId, status, ids } = change;
  const bind: unknown[] = [status, sqlTimestamp(db, new Date()), environmentId];
  const placeholders = ids.map(id => {
    bind.push(Number(id));

    return `$${bind.length}`;
  });
  const rows = await db.sequelize.query<{ id: number | string }>(
    `UPDATE activity_logs SET status = $1, updated_at = $2
     WHERE id IN (${placeholders.join(', ')}) AND status = 'pending' AND +environment_id = $3
     RETURNING id`,
    { bind, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );

  return new Set(rows.map(row => String(row.id)));
}
