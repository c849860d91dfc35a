import { ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/** Page size bounds of the admin logs. */
export const ADMIN_LOGS_PAGE = { default: 50, max: 200 } as const;

function positive(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 0;
  if (number < 1 || number > max)
    throw new ValidationError(`${name} is an integer from 1 to ${max}`);

  return number;
}

/**
 * `GET /api/admin/projects/:projectId/admin-logs?page=1&pageSize=50`: the project's admin logs,
 * newest first, as `{ data: [{ id, resourceType, resourceId, action, previousValues,
 * newValues, initiator: { id, email }, createdAt }], meta: { page, pageSize, total } }`.
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
      const page = positive(req.query.page, 'page', 1, 100_000);
      const pageSize = positive(
        req.query.pageSize,
        'pageSize',
        ADMIN_LOGS_PAGE.default,
        ADMIN_LOGS_PAGE.max,
      );
      const { rows, count } = await context.db.models.AdminLog.findAndCountAll({
        where: { projectId: projectOf(res).id },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      res.json({
        data: rows.map(row => ({
          id: row.id,
          resourceType: row.resourceType,
          resourceId: row.resourceId,
          action: row.action,
          previousValues: row.previousValues,
          newValues: row.newValues,
          initiator:
            row.initiatorEmail === null ? null : { id: row.initiatorId, email: row.initiatorEmail },
          createdAt: row.createdAt,
        })),
        meta: { page, pageSize, total: count },
      });
    }),
  );
};
