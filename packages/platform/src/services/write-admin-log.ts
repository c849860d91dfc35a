import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import type { AdminInitiator } from './admin-initiator';

/** One administrative change, as {@link writeAdminLog} records it. */
export interface AdminChange {
  readonly projectId: number | null;
  /** `project`, `environment`, `role`, `role-rights`, `team`, `user`, `rendering`... */
  readonly resourceType: string;
  readonly resourceId: string | number | null;
  /** `create`, `update`, `delete`, `regenerate-secret`... */
  readonly action: string;
  readonly previousValues?: unknown;
  readonly newValues?: unknown;
}

/**
 * Writes the admin log of a change inside the transaction that makes the change: both are
 * written or neither. Secrets never go in: callers pass values without them.
 *
 * @example
 * ```ts
 * await db.sequelize.transaction(async transaction => {
 *   const team = await db.models.Team.create({ projectId, name }, { transaction });
 *   await writeAdminLog(db, transaction, initiator, {
 *     projectId, resourceType: 'team', resourceId: team.id, action: 'create', newValues: { name },
 *   });
 * });
 * ```
 */
export async function writeAdminLog(
  db: PlatformDatabase,
  transaction: Transaction,
  initiator: AdminInitiator,
  change: AdminChange,
): Promise<void> {
  await db.models.AdminLog.create(
    {
      projectId: change.projectId,
      resourceType: change.resourceType,
      resourceId: change.resourceId === null ? null : String(change.resourceId),
      action: change.action,
      previousValues: change.previousValues ?? null,
      newValues: change.newValues ?? null,
      initiatorId: initiator?.id ?? null,
      initiatorEmail: initiator?.email ?? null,
    },
    { transaction },
  );
}
