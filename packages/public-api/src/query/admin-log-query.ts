import type { PublicApiContext } from '../public-api-context';
import {
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from '../store/admin-log-types';
import type { AdminLogQuery } from '../store/admin-log-types';
import type { ParsedListQuery } from './parsed-list-query';
import { echoParameters, readListQuery } from './parsed-list-query';
import {
  dateFilterNames,
  parseDateRange,
  parseEmail,
  parseEnumList,
  parseLimit,
  parsePositiveInteger,
} from './parse-values';

/** The query parameters of `GET …/admin-logs/export` (the list's, without `limit`). */
export const ADMIN_LOG_EXPORT_PARAMETERS: ReadonlySet<string> = new Set([
  'order',
  'cursor',
  'userEmail',
  'userId',
  'type',
  'initiator',
  'resource',
  ...dateFilterNames('createdAt'),
]);

/** The query parameters of `GET …/admin-logs`. */
export const ADMIN_LOG_PARAMETERS: ReadonlySet<string> = new Set([
  'limit',
  ...ADMIN_LOG_EXPORT_PARAMETERS,
]);

/**
 * Validates the filters of the admin-log list (or export) into the store's query.
 *
 * @example
 * ```ts
 * const { query } = parseAdminLogQuery(context, params, caller.token.projectId, path);
 * ```
 */
export function parseAdminLogQuery(
  context: PublicApiContext,
  params: ReadonlyMap<string, string>,
  projectId: number,
  path: Readonly<Record<string, string>>,
): ParsedListQuery<AdminLogQuery> {
  const { get, optional, order, position } = readListQuery(context, params, 'admin-logs');
  const query: AdminLogQuery = {
    projectId,
    limit: parseLimit(get('limit')),
    order,
    after:
      position?.createdAt === undefined
        ? undefined
        : { createdAt: new Date(position.createdAt), id: position.id },
    userEmail: optional('userEmail', parseEmail),
    userId: optional('userId', parsePositiveInteger),
    types: optional('type', (name, value) => parseEnumList(name, value, ADMIN_LOG_TYPES)),
    initiators: optional('initiator', (name, value) =>
      parseEnumList(name, value, ADMIN_LOG_INITIATORS),
    ),
    resources: optional('resource', (name, value) =>
      parseEnumList(name, value, ADMIN_LOG_RESOURCES),
    ),
    createdAt: parseDateRange(params, 'createdAt'),
  };

  return { query, parameters: echoParameters(path, params, query.limit, order) };
}
