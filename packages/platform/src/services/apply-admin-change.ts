import type { Transaction } from 'sequelize';

import { publishRefresh } from '../events/publish-refresh';
import type { RefreshTarget } from '../events/publish-refresh';
import type { PlatformContext } from '../platform-context';
import type { AdminInitiator } from './admin-initiator';
import { writeAdminLog } from './write-admin-log';
import type { AdminChange } from './write-admin-log';

/** What the work of {@link applyAdminChange} made: its result, its logs, whom to refresh. */
export interface AdminChangeResult<T> {
  readonly value: T;
  /** Written in the same transaction (never secrets nor password hashes). */
  readonly logs: readonly AdminChange[];
  /** Published once the transaction is committed. */
  readonly refresh?: readonly RefreshTarget[];
}

/**
 * Runs an administrative change in one transaction with its admin logs, then, once committed,
 * publishes its refresh events. A failure anywhere (a duplicate name, a refused value) rolls back
 * the change and its logs together, and nothing is published.
 *
 * @example
 * ```ts
 * const team = await applyAdminChange(context, initiator, async transaction => {
 *   const created = await models.Team.create({ projectId, name }, { transaction });
 *   return {
 *     value: created,
 *     logs: [{ projectId, resourceType: 'team', resourceId: created.id, action: 'create' }],
 *     refresh: [{ event: 'refresh-users', projectId }],
 *   };
 * });
 * ```
 */
export async function applyAdminChange<T>(
  context: PlatformContext,
  initiator: AdminInitiator,
  work: (transaction: Transaction) => Promise<AdminChangeResult<T>>,
): Promise<T> {
  const { db } = context;
  const result = await db.sequelize.transaction(async transaction => {
    const done = await work(transaction);
    for (const log of done.logs) await writeAdminLog(db, transaction, initiator, log);

    return done;
  });
  await publishRefresh(context, result.refresh ?? []);

  return result.value;
}
