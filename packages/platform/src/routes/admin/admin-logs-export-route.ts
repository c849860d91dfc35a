import { handle } from '../../http/async-handler';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { findAdminLogRows } from '../../public-api/list-admin-logs';
import { adminLogJson, readAdminLogFilters } from './admin-log-filters';
import { exportFormatOf, streamLogExport } from './stream-log-export';
import type { LogExportColumn } from './stream-log-export';

type AdminLogJson = ReturnType<typeof adminLogJson>;

/** The CSV columns of an admin-log export (values as JSON). */
const COLUMNS: readonly LogExportColumn<AdminLogJson>[] = [
  { header: 'id', value: log => log.id },
  { header: 'createdAt', value: log => log.createdAt },
  { header: 'initiatorEmail', value: log => log.initiator?.email },
  { header: 'resourceType', value: log => log.resourceType },
  { header: 'resourceId', value: log => log.resourceId },
  { header: 'action', value: log => log.action },
  { header: 'previousValues', value: log => log.previousValues },
  { header: 'newValues', value: log => log.newValues },
];

/**
 * `GET /api/admin/projects/:projectId/admin-logs/export?format=csv|ndjson` with the list's
 * filters (no `limit`, no `cursor`): every matching admin log, newest first, streamed as a
 * download (CSV cells safe from formula injection; at most 100 000 rows).
 *
 * @example
 * ```ts
 * mountAdminLogsExport(router, context);
 * ```
 */
export const mountAdminLogsExport: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/admin-logs/export',
    handle(async (req, res) => {
      const { query, filters } = readAdminLogFilters(req, projectOf(res).id, true);
      await streamLogExport(res, {
        format: exportFormatOf(req),
        filename: 'admin-logs',
        columns: COLUMNS,
        fetchPage: async (after, limit) =>
          (await findAdminLogRows(context, { ...query, after, limit }, filters)).rows.map(
            adminLogJson,
          ),
        cursorOf: log => ({ createdAt: new Date(log.createdAt), id: String(log.id) }),
      });
    }),
  );
};
