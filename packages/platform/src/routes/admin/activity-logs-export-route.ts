import type { ActivityLogItem } from '@grove/public-api';

import { handle } from '../../http/async-handler';
import { idParam } from '../../http/admin-input';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { listActivityLogs } from '../../public-api/list-activity-logs';
import { readActivityLogFilters } from './activity-log-filters';
import { findInProject } from './find-in-project';
import { exportFormatOf, streamLogExport } from './stream-log-export';
import type { LogExportColumn } from './stream-log-export';

/** The CSV columns of an activity-log export. */
const COLUMNS: readonly LogExportColumn<ActivityLogItem>[] = [
  { header: 'id', value: item => item.id },
  { header: 'createdAt', value: item => item.createdAt },
  { header: 'userEmail', value: item => item.user.email },
  { header: 'team', value: item => item.team.name },
  { header: 'collection', value: item => item.collection?.name },
  { header: 'action', value: item => item.action },
  { header: 'label', value: item => item.label },
  { header: 'type', value: item => item.type },
  { header: 'recordIds', value: item => item.recordIds?.join(' ') },
  { header: 'source', value: item => item.source },
  { header: 'status', value: item => item.status },
];

/**
 * `GET /api/admin/projects/:projectId/environments/:environmentId/activity-logs/export?format=csv|ndjson`
 * with the list's filters (no `limit`, no `cursor`): every matching activity log, newest first,
 * streamed as a download (CSV cells safe from formula injection; at most 100 000 rows).
 *
 * @example
 * ```ts
 * mountActivityLogsExport(router, context);
 * ```
 */
export const mountActivityLogsExport: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/environments/:environmentId/activity-logs/export',
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      const query = readActivityLogFilters(req, environment, true);
      await streamLogExport(res, {
        format: exportFormatOf(req),
        filename: 'activity-logs',
        columns: COLUMNS,
        fetchPage: (after, limit) => listActivityLogs(context, { ...query, after, limit }),
        cursorOf: item => ({ createdAt: new Date(item.createdAt), id: item.id }),
      });
    }),
  );
};
