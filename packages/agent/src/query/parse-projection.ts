import {
  Projection,
  ValidationError,
  allFieldsProjection,
  validateProjection,
} from '@grove/datasource-toolkit';
import type { Collection } from '@grove/datasource-toolkit';
import { queryLimits } from './query-limits';
import type { QueryParams } from './query-params';
import { readQueryList } from './read-query-list';

/**
 * Reads which fields a read returns (docs/agent-protocol.md#projection). A non-blank
 * `Forest-Projection` header wins (`title,author:firstName,author:address:city`, nested relation
 * paths allowed); else `fields[<collection>]=f1,rel` with `fields[<rel>]=x,y` for each relation
 * listed (one level); else every column plus every column of each to-one relation. Primary keys are
 * always added, at the root and in every embedded relation, for the JSON:API ids.
 *
 * @param query - The query string (`request.query`).
 * @param headers - The request headers (`request.headers`); names are matched in any casing.
 * @param collection - The collection read; `fields[…]` is keyed by its name.
 * @throws ValidationError `Invalid Forest-Projection header: <reason>` (no fallback to the query),
 *   `Invalid projection: <reason>` for `fields[…]` (a relation listed without its `fields[rel]`,
 *   an unknown field, a to-many relation); either prefix followed by `more than 1000 fields`
 *   beyond `queryLimits.projectionFields`.
 *
 * @example
 * ```ts
 * parseProjection({ 'fields[books]': 'title,author', 'fields[author]': 'lastName' }, {}, books);
 * // Projection ['id', 'title', 'author:lastName', 'author:id']
 * ```
 */
export function parseProjection(
  query: QueryParams,
  headers: Record<string, unknown>,
  collection: Collection,
): Projection {
  const requested = readRequestedProjection(query, headers, collection);

  return (requested ?? allFieldsProjection(collection)).withPks(collection);
}

/**
 * Reads the columns of a CSV export (docs/agent-protocol.md#csv-export): the same sources as {@link
 * parseProjection}, in the order given, without adding primary keys.
 *
 * @example
 * ```ts
 * parseCsvProjection({ 'fields[books]': 'title,author', 'fields[author]': 'lastName' }, {}, books);
 * // Projection ['title', 'author:lastName']
 * ```
 */
export function parseCsvProjection(
  query: QueryParams,
  headers: Record<string, unknown>,
  collection: Collection,
): Projection {
  return readRequestedProjection(query, headers, collection) ?? allFieldsProjection(collection);
}

function readRequestedProjection(
  query: QueryParams,
  headers: Record<string, unknown>,
  collection: Collection,
): Projection | undefined {
  const header = projectionHeader(headers);
  if (header !== undefined) {
    return validated(() => splitList(header), collection, 'Invalid Forest-Projection header: ');
  }

  const fields = readQueryList(query, `fields[${collection.name}]`);
  if (fields === undefined || fields.trim() === '') return undefined;

  return validated(
    () =>
      splitList(fields).flatMap(name => {
        const field = collection.schema.fields[name];
        // Unknown names are kept for the validator, which lists the available fields.
        if (!field || field.type === 'Column') return [name];
        const subFields = readQueryList(query, `fields[${name}]`);
        if (subFields === undefined || subFields.trim() === '') {
          throw new ValidationError(`the relation '${name}' is listed without fields[${name}]`);
        }

        return splitList(subFields).map(subField => `${name}:${subField}`);
      }),
    collection,
    'Invalid projection: ',
  );
}

function validated(read: () => string[], collection: Collection, prefix: string): Projection {
  try {
    const fields = read();
    if (fields.length > queryLimits.projectionFields) {
      throw new ValidationError(`more than ${queryLimits.projectionFields} fields`);
    }
    const projection = new Projection(...fields);
    validateProjection(projection, collection);

    return projection;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ValidationError(`${prefix}${reason}`, { cause: error });
  }
}

function splitList(text: string): string[] {
  return text.split(',').map(item => item.trim());
}

function projectionHeader(headers: Record<string, unknown>): string | undefined {
  const entry = Object.entries(headers).find(
    ([name]) => name.toLowerCase() === 'forest-projection',
  );
  const value = Array.isArray(entry?.[1]) ? (entry[1] as unknown[]).join(',') : entry?.[1];

  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
