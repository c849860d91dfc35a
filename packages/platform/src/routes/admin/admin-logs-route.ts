import { handle } from '../../http/async-handler';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { findAdminLogRows } from '../../public-api/list-admin-logs';
import { adminLogJson, readAdminLogFilters } from './admin-log-filters';
import { encodeLogCursor } from './log-cursor';

/**
 * `GET /api/admin/projects/:projectId/admin-logs`: the project's admin logs, newest first,
 * through the same query as `/v1` (filters `userEmail` of the initiator, `action`,
 * `resourceType`, `from`, `to`; `limit` 1–200, default 50), as `{ data: [{ id, resourceType,
 * resourceId, action, previousValues, newValues, initiator: { id, email } | null, createdAt }],
 * meta: { nextCursor } }` — `nextCursor` (null on the last page) continues the list without
 * repeating or skipping a row.
 *
 * @example
 * ```ts
 * mountAdminLogs(router, context);
 * ```
 */
export const mountAdminLogs: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/admin-logs',
    handle(async (req, res) => {
      const { query, filters } = readAdminLogFilters(req, projectOf(res).id, false);
      // One more row than the page says whether another page follows.
      const { rows } = await findAdminLogRows(
        context,
        { ...query, limit: query.limit + 1 },
        filters,
      );
      const data = rows.slice(0, query.limit).map(adminLogJson);
      const last = data[data.length - 1];
      res.json({
        data,
        meta: {
          nextCursor:
            rows.length > query.limit && last
              ? encodeLogCursor({ createdAt: last.createdAt, id: String(last.id) })
              : null,
        },
      });
    }),
  );
};
