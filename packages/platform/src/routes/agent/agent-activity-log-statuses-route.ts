import { ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { findActivityLogStatuses } from './find-activity-log-statuses';
import { MAX_AGENT_ACTIVITY_LOGS } from './read-agent-activity-logs';

type FinalStatus = 'completed' | 'failed';
type Outcome = 'updated' | 'not_found' | 'not_pending';

interface StatusUpdate {
  readonly id: string;
  readonly status: FinalStatus;
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
 * statuses (`completed` or `failed`) of pending logs of the environment of the env secret, in one
 * transaction (the rows locked on PostgreSQL). Answers 200 `{ data: [{ id, outcome }] }` in
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
      const ActivityLog = db.models.ActivityLog;
      const apply = () =>
        db.sequelize.transaction(async transaction => {
          const found = await findActivityLogStatuses(
            db,
            environment.id,
            updates.map(update => update.id),
            transaction,
          );
          const outcomes = updates.map(({ id }): Outcome => {
            const status = found.get(id);
            if (status === undefined) return 'not_found';

            return status === 'pending' ? 'updated' : 'not_pending';
          });
          for (const status of ['completed', 'failed'] as const) {
            const ids = updates
              .filter((update, index) => update.status === status && outcomes[index] === 'updated')
              .map(update => update.id);
            if (ids.length === 0) continue;
            await ActivityLog.update(
              { status },
              { where: { id: { [Op.in]: ids }, status: 'pending' }, transaction },
            );
          }

          return outcomes;
        });
      // The sandbox's in-memory SQLite has one connection: its writes take turns.
      const outcomes = sandbox ? await sandbox.serialize(apply) : await apply();
      for (const [index, { id, status }] of updates.entries()) {
        if (outcomes[index] === 'updated') sandbox?.setActivityLogStatus(id, status);
      }
      res.json({ data: updates.map(({ id }, index) => ({ id, outcome: outcomes[index] })) });
    }),
  );
};
