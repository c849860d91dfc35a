import { ValidationError } from '@grove/datasource-toolkit';
import type { AdminLogQuery } from '@grove/public-api';
import type { Request } from 'express';

import type { AdminLogRow } from '../../database/models/platform-models';
import type { AdminLogRowFilters } from '../../public-api/list-admin-logs';
import { ADMIN_LOG_RESOURCE_OF } from '../../public-api/list-admin-logs';
import {
  LOG_PAGE_PARAMETERS,
  logQueryParameters,
  oneOf,
  readLogPageFilters,
} from './read-log-filters';

/** The filters of the admin logs beyond the page ones. */
const ADMIN_FILTERS = ['action', 'resourceType'] as const;

/** The platform's admin-log resource types (`team`, `api-token`, `role-collection-rights`…). */
export const ADMIN_LOG_RESOURCE_TYPES = Object.keys(ADMIN_LOG_RESOURCE_OF);

/** An admin-log query of the admin API: the shared query and the platform's own filters. */
export interface AdminLogFilters {
  readonly query: AdminLogQuery;
  readonly filters: AdminLogRowFilters;
}

/**
 * The query of `GET …/admin-logs` (or its export, `exporting`: `format` instead of `limit` and
 * `cursor`): `userEmail` (the initiator), `action` (`create`, `update-scope`…),
 * `resourceType`, `from`, `to`, newest first.
 *
 * @example
 * ```ts
 * const { query, filters } = readAdminLogFilters(req, project.id, false);
 * ```
 */
export function readAdminLogFilters(
  req: Request,
  projectId: number,
  exporting: boolean,
): AdminLogFilters {
  const params = logQueryParameters(
    req,
    exporting
      ? ['format', 'userEmail', 'from', 'to', ...ADMIN_FILTERS]
      : [...LOG_PAGE_PARAMETERS, ...ADMIN_FILTERS],
  );
  const page = readLogPageFilters(params);
  const action = params.get('action');
  if (action !== undefined && !/^[a-z][a-z-]{0,63}$/.test(action)) {
    throw new ValidationError('action is an action name such as create, update or revoke');
  }
  const resourceType = oneOf(params, 'resourceType', ADMIN_LOG_RESOURCE_TYPES);

  return {
    query: {
      projectId,
      limit: page.limit,
      order: 'desc',
      after: page.after,
      userEmail: page.userEmail,
      createdAt: page.createdAt,
    },
    filters: {
      ...(action === undefined ? {} : { actions: [action] }),
      ...(resourceType === undefined ? {} : { resourceTypes: [resourceType] }),
    },
  };
}

/**
 * An admin log as the admin API shows it.
 *
 * @example
 * ```ts
 * res.json({ data: rows.map(adminLogJson) });
 * ```
 */
export function adminLogJson(row: AdminLogRow) {
  return {
    id: row.id,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    action: row.action,
    previousValues: row.previousValues,
    newValues: row.newValues,
    initiator:
      row.initiatorEmail === null ? null : { id: row.initiatorId, email: row.initiatorEmail },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
