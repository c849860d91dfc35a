import { invalidParameter } from '../http/public-api-error';
import type { PublicApiContext } from '../public-api-context';
import type { NoteQuery } from '../store/note-types';
import type { ParsedListQuery } from './parsed-list-query';
import { echoParameters, readListQuery } from './parsed-list-query';
import {
  dateFilterNames,
  parseBoolean,
  parseDateRange,
  parseEmail,
  parseLimit,
  parsePositiveInteger,
  parseText,
} from './parse-values';

/** The query parameters of `GET …/notes`. */
export const NOTE_PARAMETERS: ReadonlySet<string> = new Set([
  'limit',
  'order',
  'cursor',
  'userEmail',
  'userId',
  'teamName',
  'collectionName',
  'recordId',
  'archived',
  ...dateFilterNames('createdAt'),
  ...dateFilterNames('updatedAt'),
  ...dateFilterNames('archivedAt'),
]);

/**
 * Validates the filters of the note list into the store's query (notes are paged by id).
 *
 * @example
 * ```ts
 * const { query } = parseNoteQuery(context, params, path);
 * ```
 */
export function parseNoteQuery(
  context: PublicApiContext,
  params: ReadonlyMap<string, string>,
  path: Readonly<Record<string, string>>,
): ParsedListQuery<Omit<NoteQuery, 'environment'>> {
  const { get, optional, order, position } = readListQuery(context, params, 'notes');
  if (position !== undefined && !/^[1-9][0-9]{0,9}$/.test(position.id)) {
    throw invalidParameter('cursor', 'cursor is invalid: malformed');
  }
  const query: Omit<NoteQuery, 'environment'> = {
    limit: parseLimit(get('limit')),
    order,
    afterId: position === undefined ? undefined : Number(position.id),
    userEmail: optional('userEmail', parseEmail),
    userId: optional('userId', parsePositiveInteger),
    teamName: optional('teamName', parseText),
    collectionName: optional('collectionName', parseText),
    recordId: optional('recordId', (name, value) => parseText(name, value, 1024)),
    archived: optional('archived', parseBoolean),
    createdAt: parseDateRange(params, 'createdAt'),
    updatedAt: parseDateRange(params, 'updatedAt'),
    archivedAt: parseDateRange(params, 'archivedAt'),
  };

  return { query, parameters: echoParameters(path, params, query.limit, order) };
}
