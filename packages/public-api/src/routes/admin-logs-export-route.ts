import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { EXPORT_PAGE_SIZE, streamNdjson } from '../http/stream-ndjson';
import { ADMIN_LOG_EXPORT_PARAMETERS, parseAdminLogQuery } from '../query/admin-log-query';
import { readQueryParameters } from '../query/query-parameters';
import { ADMIN_LOGS_PATH } from './admin-logs-route';

/**
 * `GET …/admin-logs/export`: every matching admin log as NDJSON. Same checks and filters as the
 * list (no `limit`).
 */
export const mountAdminLogsExport: PublicApiRouteMounter = (router, context) => {
  router.get(`${ADMIN_LOGS_PATH}/export`, async (req, res) => {
    const caller = callerOf(res);
    const { projectName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, { scope: 'admin_logs:read', write: false, projectAdmin: true });
    const params = readQueryParameters(req, ADMIN_LOG_EXPORT_PARAMETERS);
    const { query } = parseAdminLogQuery(context, params, caller.token.projectId, {});
    await streamNdjson(
      res,
      after => context.store.listAdminLogs({ ...query, limit: EXPORT_PAGE_SIZE, after }),
      row => ({ createdAt: new Date(row.createdAt), id: row.id }),
      query.after,
    );
  });
};
