import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';

import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { ActivityLogHooks, ActivityUser } from './activity-log-hooks';
import { checkBodyShape } from '../../http/check-body-shape';

const STATUSES = new Set(['pending', 'completed', 'failed']);
const FINAL_STATUSES = new Set(['completed', 'failed']);

/**
 * `PATCH /api/activity-logs-requests/:index/:id/status`
 * (docs/platform-protocol.md#mcp-activity-logs): `{ status }` (`pending`, `completed` or `failed`)
 * on a log of the caller; 204. 404 for a log that is not the caller's or another index's (the MCP
 * server retries a 404 a few times), 400 for another status. With `hooks.finalStatusesOnly`
 * (standard mode) only `completed` or `failed`, once: 409 after.
 *
 * @example
 * ```ts
 * mountActivityLogStatus(sandboxActivityLogHooks(context))(router, context);
 * ```
 */
export function mountActivityLogStatus(hooks: ActivityLogHooks): PlatformRouteMounter {
  return (router, context) => {
    router.patch(
      '/api/activity-logs-requests/:index/:id/status',
      handle(async (req, res, next) => {
        res.locals.activityUser = await hooks.resolveActivityUser(req);
        next();
      }),
      express.json({ verify: checkBodyShape, limit: 1024 }),
      handle(async (req, res) => {
        const user = res.locals.activityUser as ActivityUser;
        const { index, id } = req.params as { index: string; id: string };
        const log =
          index === hooks.index && /^[1-9][0-9]{0,8}$/.test(id)
            ? await context.db.models.ActivityLog.findOne({ where: { id, userId: user.id } })
            : null;
        if (!log) throw new NotFoundError(`No activity log ${id.slice(0, 32)}`);
        const status: unknown = (req.body as { status?: unknown } | undefined)?.status;
        const allowed = hooks.finalStatusesOnly ? FINAL_STATUSES : STATUSES;
        if (typeof status !== 'string' || !allowed.has(status)) {
          throw new ValidationError(`status must be ${[...allowed].join(', ')}`);
        }
        if (hooks.finalStatusesOnly) {
          // Conditional update: of two concurrent calls, one changes the status.
          const [changed] = await context.db.models.ActivityLog.update(
            { status },
            { where: { id: log.id, status: 'pending' } },
          );
          if (changed === 0) {
            throw new GroveError(
              'ConflictError',
              `The activity log ${id} is already ${log.status}`,
            );
          }
        } else {
          await log.update({ status });
        }
        hooks.statusChanged?.(id, status);
        res.status(204).end();
      }),
    );
  };
}
