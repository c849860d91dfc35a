import { ACTIVITY_LOG_ACTIONS } from '@grove/public-api';
import type { ActivityLogQuery } from '@grove/public-api';
import { ValidationError } from '@grove/datasource-toolkit';
import type { Request } from 'express';

import type { EnvironmentRow } from '../../database/models/platform-models';
import {
  LOG_PAGE_PARAMETERS,
  logQueryParameters,
  oneOf,
  readLogPageFilters,
} from './read-log-filters';

/** The filters of the activity logs beyond the page ones. */
const ACTIVITY_FILTERS = ['collection', 'action', 'type'] as const;

/**
 * The query of `GET …/activity-logs` (or its export, `exporting`: no `limit`/`cursor`, `format`
 * instead) as the platform's activity-log query (the one `/v1` runs too): `userEmail`,
 * `collection`, `action`, `type` (`read` | `write`), `from`, `to`, newest first.
 *
 * @example
 * ```ts
 * const query = readActivityLogFilters(req, environment, false);
 * ```
 */
export function readActivityLogFilters(
  req: Request,
  environment: EnvironmentRow,
  exporting: boolean,
): ActivityLogQuery {
  const params = logQueryParameters(
    req,
    exporting
      ? ['format', 'userEmail', 'from', 'to', ...ACTIVITY_FILTERS]
      : [...LOG_PAGE_PARAMETERS, ...ACTIVITY_FILTERS],
  );
  const page = readLogPageFilters(params);
  const collection = params.get('collection');
  if (collection !== undefined && collection.length > 255) {
    throw new ValidationError('collection is a name of 1 to 255 characters');
  }
  const action = oneOf(params, 'action', ACTIVITY_LOG_ACTIONS);

  return {
    environment: { id: environment.id, name: environment.name },
    limit: page.limit,
    order: 'desc',
    after: page.after,
    userEmail: page.userEmail,
    createdAt: page.createdAt,
    collectionName: collection,
    actions: action === undefined ? undefined : [action],
    type: oneOf(params, 'type', ['read', 'write'] as const),
  };
}
