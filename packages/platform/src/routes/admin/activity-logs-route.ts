import { handle } from '../../http/async-handler';
import { idParam } from '../../http/admin-input';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { listActivityLogs } from '../../public-api/list-activity-logs';
import { readActivityLogFilters } from './activity-log-filters';
import { findInProject } from './find-in-project';
import { encodeLogCursor } from './log-cursor';

/**
 * `GET /api/admin/projects/:projectId/environments/:environmentId/activity-logs`: the
 * environment's activity logs, newest first, through the same query as `/v1` (filters
 * `userEmail`, `collection`, `action`, `type`, `from`, `to`; `limit` 1–200, default 50), as
 * `{ data: [ActivityLogItem], meta: { nextCursor } }` — `nextCursor` (null on the last page)
 * continues the list without repeating or skipping a row. 404 for an environment of another
 * project.
 *
 * @example
 * ```ts
 * mountActivityLogs(router, context);
 * ```
 */
export const mountActivityLogs: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/environments/:environmentId/activity-logs',
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      const query = readActivityLogFilters(req, environment, false);
      // One more row than the page says whether another page follows.
      const items = await listActivityLogs(context, { ...query, limit: query.limit + 1 });
      const data = items.slice(0, query.limit);
      const last = data[data.length - 1];
      res.json({
        data,
        meta: { nextCursor: items.length > query.limit && last ? encodeLogCursor(last) : null },
      });
    }),
  );
};
