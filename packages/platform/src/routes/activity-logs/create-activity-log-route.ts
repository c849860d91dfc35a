import express from 'express';

import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { ActivityLogHooks, ActivityUser } from './activity-log-hooks';
import { readActivityLogRequest } from './read-activity-log-request';
import { checkBodyShape } from '../../http/check-body-shape';

/** An activity-log request is a few fields: a small body limit. */
const BODY_LIMIT = 64 * 1024;

/**
 * `POST /api/activity-logs-requests` and `POST /api/activity-logs-requests/mcp`
 * (docs/platform-protocol.md#mcp-activity-logs, docs/platform-protocol.md#workflow-activity-logs):
 * the caller is resolved (hooks) before the body is read, then one `pending` log is stored for the
 * environment of the body's rendering (with its type, the rendering and its team name, and the
 * source: `mcp` for the `/mcp` variant, else `ui`), and `{ data: { id, type, attributes: { index }
 * } }` answered.
 *
 * @example
 * ```ts
 * mountCreateActivityLog(sandboxActivityLogHooks(context))(router, context);
 * ```
 */
export function mountCreateActivityLog(hooks: ActivityLogHooks): PlatformRouteMounter {
  return (router, context) => {
    router.post(
      ['/api/activity-logs-requests', '/api/activity-logs-requests/mcp'],
      handle(async (req, res, next) => {
        res.locals.activityUser = await hooks.resolveActivityUser(req);
        next();
      }),
      express.json({ verify: checkBodyShape, limit: BODY_LIMIT }),
      handle(async (req, res) => {
        const user = res.locals.activityUser as ActivityUser;
        const request = readActivityLogRequest(req.body);
        const target = await hooks.resolveTarget(user, request.renderingId);
        const log = await context.db.models.ActivityLog.create({
          environmentId: target.environmentId,
          renderingId: target.renderingId,
          teamName: target.teamName,
          type: request.type,
          // The path tells the variant: the MCP server's
          // (docs/platform-protocol.md#mcp-activity-logs) or the workflow executor's
          // (docs/platform-protocol.md#workflow-activity-logs).
          source: req.path.endsWith('/mcp') ? 'mcp' : 'ui',
          userId: user.id,
          userEmail: user.email,
          action: request.action,
          collectionName: request.collectionName,
          recordIds: request.recordIds,
          label: request.label,
          status: 'pending',
        });
        const id = String(log.id);
        hooks.recorded?.({ id, body: req.body, status: log.status });
        res.json({ data: { id, type: 'activity-logs', attributes: { index: hooks.index } } });
      }),
    );
  };
}
