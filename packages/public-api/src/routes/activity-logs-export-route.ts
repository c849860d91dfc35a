import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { EXPORT_PAGE_SIZE, streamNdjson } from '../http/stream-ndjson';
import { ACTIVITY_LOG_EXPORT_PARAMETERS, parseActivityLogQuery } from '../query/activity-log-query';
import { readQueryParameters } from '../query/query-parameters';
import { ACTIVITY_LOGS_PATH } from './activity-logs-route';

/**
 * `GET …/activity-logs/export`: every matching activity log as NDJSON, for bulk pulls. Same
 * checks and filters as the list (no `limit`); one request of the rate limit.
 */
export const mountActivityLogsExport: PublicApiRouteMounter = (router, context) => {
  router.get(`${ACTIVITY_LOGS_PATH}/export`, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, { scope: 'activity_logs:read', write: false, projectAdmin: true });
    const params = readQueryParameters(req, ACTIVITY_LOG_EXPORT_PARAMETERS);
    const { query } = parseActivityLogQuery(context, params, {});
    const environment = await resolveEnvironment(context, caller, environmentName!);
    await streamNdjson(
      res,
      after =>
        context.store.listActivityLogs({ ...query, environment, limit: EXPORT_PAGE_SIZE, after }),
      row => ({ createdAt: new Date(row.createdAt), id: row.id }),
      query.after,
    );
  });
};
