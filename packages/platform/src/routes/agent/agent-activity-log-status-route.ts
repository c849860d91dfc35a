import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

const FINAL_STATUSES = new Set(['completed', 'failed']);

/**
 * `PATCH /liana/v1/activity-logs/:id/status` (env secret; Grove's addition,
 * docs/platform-protocol.md#agent-activity-logs): `{ status: 'completed' | 'failed' }` on a
 * `pending` log of the environment of the env secret;
 * 204. 404 for a log of another environment or none, 400 for another status, 409 once the log
 * is no longer pending (of two concurrent calls, one wins).
 *
 * @example
 * ```ts
 * mountAgentActivityLogStatus(router, context);
 * ```
 */
export const mountAgentActivityLogStatus: PlatformRouteMounter = (router, context) => {
  router.patch(
    '/liana/v1/activity-logs/:id/status',
    handle(async (req, res) => {
      const environment = environmentOf(res);
      const id = String(req.params.id);
      const { models } = context.db;
      const log = /^[1-9][0-9]{0,8}$/.test(id)
        ? await models.ActivityLog.findOne({ where: { id, environmentId: environment.id } })
        : null;
      if (!log) throw new NotFoundError(`No activity log ${id.slice(0, 32)} in this environment`);
      const status: unknown = (req.body as { status?: unknown } | undefined)?.status;
      if (typeof status !== 'string' || !FINAL_STATUSES.has(status)) {
        throw new ValidationError('status must be completed or failed');
      }
      // Conditional update: only a pending log changes, once.
      const update = () =>
        models.ActivityLog.update({ status }, { where: { id: log.id, status: 'pending' } });
      // The sandbox's in-memory SQLite has one connection: its writes take turns.
      const [changed] = context.sandbox ? await context.sandbox.serialize(update) : await update();
      if (changed === 0) {
        throw new GroveError('ConflictError', `The activity log ${id} is already ${log.status}`);
      }
      context.sandbox?.setActivityLogStatus(id, status);
      res.status(204).end();
    }),
  );
};
