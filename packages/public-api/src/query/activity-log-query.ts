import type { PublicApiContext } from '../public-api-context';
import { ACTIVITY_LOG_ACTIONS, ACTIVITY_LOG_SOURCES } from '../store/activity-log-types';
import type { ActivityLogQuery } from '../store/activity-log-types';
import type { ParsedListQuery } from './parsed-list-query';
import { echoParameters, readListQuery } from './parsed-list-query';
import {
  dateFilterNames,
  parseDateRange,
  parseEmail,
  parseEnum,
  parseEnumList,
  parseLimit,
  parsePositiveInteger,
  parseText,
} from './parse-values';

/** The query parameters of `GET …/activity-logs/export` (the list's, without `limit`). */
export const ACTIVITY_LOG_EXPORT_PARAMETERS: ReadonlySet<string> = new Set([
  'order',
  'cursor',
  'userEmail',
  'userId',
  'teamName',
  'collectionName',
  'recordId',
  'action',
  'type',
  'source',
  ...dateFilterNames('createdAt'),
]);

/** The query parameters of `GET …/activity-logs`. */
export const ACTIVITY_LOG_PARAMETERS: ReadonlySet<string> = new Set([
  'limit',
  ...ACTIVITY_LOG_EXPORT_PARAMETERS,
]);

/**
 * Validates the filters of the activity-log list (or export) into the store's query.
 *
 * @example
 * ```ts
 * const { query } = parseActivityLogQuery(context, params, path);
 * ```
 */
export function parseActivityLogQuery(
  context: PublicApiContext,
  params: ReadonlyMap<string, string>,
  path: Readonly<Record<string, string>>,
): ParsedListQuery<Omit<ActivityLogQuery, 'environment'>> {
  const { get, optional, order, position } = readListQuery(context, params, 'activity-logs');
  const query: Omit<ActivityLogQuery, 'environment'> = {
    limit: parseLimit(get('limit')),
    order,
    after:
      position?.createdAt === undefined
        ? undefined
        : { createdAt: new Date(position.createdAt), id: position.id },
    userEmail: optional('userEmail', parseEmail),
    userId: optional('userId', parsePositiveInteger),
    teamName: optional('teamName', parseText),
    collectionName: optional('collectionName', parseText),
    recordId: optional('recordId', (name, value) => parseText(name, value, 1024)),
    actions: optional('action', (name, value) => parseEnumList(name, value, ACTIVITY_LOG_ACTIONS)),
    type: optional('type', (name, value) => parseEnum(name, value, ['read', 'write'] as const)),
    sources: optional('source', (name, value) => parseEnumList(name, value, ACTIVITY_LOG_SOURCES)),
    createdAt: parseDateRange(params, 'createdAt'),
  };

  return { query, parameters: echoParameters(path, params, query.limit, order) };
}
