import { ValidationError } from '@grove/datasource-toolkit';
import type { Transaction } from 'sequelize';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { findActivityLogStatuses } from './find-activity-log-statuses';
import { MAX_AGENT_ACTIVITY_LOGS } from './read-agent-activity-logs';
import { setFinalActivityLogStatus } from './set-final-activity-log-status';
import type { FinalActivityLogStatus } from './set-final-activity-log-status';

type Outcome = 'updated' | 'not_found' | 'not_pending';

interface StatusUpdate {
  readonly id: string;
  readonly status: FinalActivityLogStatus;
}

const LOG_ID = /^[1-9][0-9]{0,8}$/;

/** The checked `logs` of the body: 1 to 500 `{ id, status }`, each id once. */
function readStatusUpdates(body: unknown): StatusUpdate[] {
  const logs = (body as { logs?: unknown } | undefined)?.logs;
  if (!Array.isArray(logs) || logs.length === 0 || logs.length > MAX_AGENT_ACTIVITY_LOGS) {
    throw new ValidationError(`logs must be an array of 1 to ${MAX_AGENT_ACTIVITY_LOGS} updates`);
  }
  const seen = new Set<string>();

  return logs.map((log: unknown, index) => {
    const { id, status } = (log ?? {}) as { id?: unknown; status?: unknown };
    if (typeof id !== 'string' || !LOG_ID.test(id)) {
      throw new ValidationError(`logs[${index}].id must be the id of an activity log`);
    }
    if (status !== 'completed' && status !== 'failed') {
      throw new ValidationError(`logs[${index}].status must be completed or failed`);
    }
    if (seen.has(id)) throw new ValidationError(`logs[${index}]: activity log ${id} is twice`);
    seen.add(id);

    return { id, status };
  });
}

/**
 * `PATCH /liana/v1/activity-logs/status` (env secret; Grove's addition,
 * docs/platform-protocol.md#agent-activity-logs): `{ logs: [{ id, status }] }`, 1 to 500 final
 * statuses (`completed` or `failed`) of pending logs of the environment of the env secret: one
 * conditional `UPDATE … RETURNING` per status (a transaction when both are present), the logs it
 * left alone read again to tell why. Answers 200 `{ data: [{ id, outcome }] }` in
 * order: `updated`, `not_found` (no such log in this environment) or `not_pending` (already
 * final; a log changes once). 400 for a bad body, nothing changed.
 *
 * @example
 * ```ts
 * mountAgentActivityLogStatuses(router, context);
 * ```
 */
export const mountAgentActivityLogStatuses: PlatformRouteMounter = (router, context) => {
  router.patch(
    '/liana/v1/activity-logs/status',
    handle(async (req, res) => {
      const environment = environmentOf(res);
      const updates = readStatusUpdates(req.body);
      const { db, sandbox } = context;
      const byStatus = (['completed', 'failed'] as const)
        .map(status => ({
          status,
          ids: updates.filter(update => update.status === status).map(update => update.id),
        }))
        .filter(group => group.ids.length > 0);
      const apply = async (): Promise<Outcome[]> => {
        // One statement per status: the usual batch (every write completed) is one statement;
        // a batch of both statuses is one transaction.
        const change = async (transaction?: Transaction) => {
          const changed = new Set<string>();
          for (const { status, ids } of byStatus) {
            const set = await setFinalActivityLogStatus(
              db,
              { environmentId: environment.id, status, ids },
              transaction,
            );
            for (const id of set) changed.add(id);
          }

          return changed;
        };
        const changed =
          byStatus.length === 1 ? await change() : await db.sequelize.transaction(change);
        const unchanged = updates.map(update => update.id).filter(id => !changed.has(id));
        // Only the logs left alone are read again: final already, or not this environment's.
        const found =
          unchanged.length === 0
            ? new Map<string, string>()
            : await findActivityLogStatuses(db, environment.id, unchanged);

        return updates.map(({ id }): Outcome => {
          if (changed.has(id)) return 'updated';

          return found.has(id) ? 'not_pending' : 'not_found';
        });
      };
      // The sandbox's in-memory SQLite has one connection: its writes take turns.
      const outcomes = sandbox ? await sandbox.serialize(apply) : await apply();
      for (const [index, { id, status }] of updates.entries()) {
        if (outcomes[index] === 'updated') sandbox?.setActivityLogStatus(id, status);
      }
      res.json({ data: updates.map(({ id }, index) => ({ id, outcome: outcomes[index] })) });
    }),
  );
};
