import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { sendList } from '../http/send-list';
import { ADMIN_LOG_PARAMETERS, parseAdminLogQuery } from '../query/admin-log-query';
import { readQueryParameters } from '../query/query-parameters';

/** Path of the admin-log list (vendor's: project-level, no environment). */
export const ADMIN_LOGS_PATH = '/v1/project/:projectName/admin-logs';

/**
 * `GET …/admin-logs`: one page of the project's admin logs, `(createdAt, id)` keyset. Project
 * (404), scope `admin_logs:read` and Admin owner (403), then the query (400) come first.
 */
export const mountAdminLogs: PublicApiRouteMounter = (router, context) => {
  router.get(ADMIN_LOGS_PATH, async (req, res) => {
    const caller = callerOf(res);
    const { projectName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, { scope: 'admin_logs:read', write: false, projectAdmin: true });
    const params = readQueryParameters(req, ADMIN_LOG_PARAMETERS);
    const { query, parameters } = parseAdminLogQuery(context, params, caller.token.projectId, {
      projectName: projectName!,
    });
    const rows = await context.store.listAdminLogs({ ...query, limit: query.limit + 1 });
    sendList(context, req, res, {
      list: 'admin-logs',
      order: query.order,
      limit: query.limit,
      rows,
      parameters,
      positionOf: row => ({ id: row.id, createdAt: row.createdAt }),
    });
  });
};
