import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { sendList } from '../http/send-list';
import { ACTIVITY_LOG_PARAMETERS, parseActivityLogQuery } from '../query/activity-log-query';
import { readQueryParameters } from '../query/query-parameters';

/** Path of the activity-log list (vendor's). */
export const ACTIVITY_LOGS_PATH =
  '/v1/project/:projectName/environment/:environmentName/activity-logs';

/**
 * `GET …/activity-logs`: one page of the environment's activity logs, `(createdAt, id)` keyset.
 * Project (404), scope `activity_logs:read` and Admin owner (403), then the query (400), are
 * checked before the store is asked anything.
 */
export const mountActivityLogs: PublicApiRouteMounter = (router, context) => {
  router.get(ACTIVITY_LOGS_PATH, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, { scope: 'activity_logs:read', write: false, projectAdmin: true });
    const params = readQueryParameters(req, ACTIVITY_LOG_PARAMETERS);
    const { query, parameters } = parseActivityLogQuery(context, params, {
      projectName: projectName!,
      environmentName: environmentName!,
    });
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const rows = await context.store.listActivityLogs({
      ...query,
      environment,
      limit: query.limit + 1,
    });
    sendList(context, req, res, {
      list: 'activity-logs',
      order: query.order,
      limit: query.limit,
      rows,
      parameters,
      positionOf: row => ({ id: row.id, createdAt: row.createdAt }),
    });
  });
};
