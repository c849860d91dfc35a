import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { exportCsv } from '../export-csv';

/**
 * `GET /{c}.csv` (docs/agent-protocol.md#csv-export): the list's records as a streamed CSV; needs
 * the browse and export rights.
 *
 * @example
 * ```ts
 * mountCsv(router, services);
 * ```
 */
export const mountCsv: RouteMounter = (router, services) => {
  router.get('/:collectionName', async (request, response, next) => {
    const { collectionName } = request.params;
    if (!collectionName.endsWith('.csv')) return next();
    const collection = collectionOf(services.dataSource, collectionName.slice(0, -'.csv'.length));
    const user = userOf(response);
    await services.authorization.assertCan(user, 'browse', collection.name);
    await services.authorization.assertCan(user, 'export', collection.name);
    const caller = callerOf(request, response);
    // Logged when the export starts: the file streams once the answer began.
    services.activityLogs.read(user, { action: 'export', collectionName: collection.name });
    await exportCsv(services, { request, response, caller, collection });
  });
};
