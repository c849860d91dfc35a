import type { Collection, Projection, RecordData } from '@grove/datasource-toolkit';
import type { JsonApiDocument } from './json-api-document';
import { ResourceBuilder } from './resource-builder';
import { searchDecorators } from './search-decorators';

/**
 * Serializes a list of records as a JSON:API document (docs/agent-protocol.md#jsonapi-documents):
 * `data` is an array (empty when there is no record), related records of the projected to-one
 * relations go to `included` (deduplicated, nested relations included), every resource links its
 * to-many relations. With a non-blank `search`, `meta.decorators` names the matching attributes of
 * each matching record (docs/agent-protocol.md#search-highlights).
 *
 * @param collection - The collection of the records.
 * @param records - Records as `list` returns them (to-one relations nested).
 * @param projection - The projection they were read with (see `parseProjection`).
 * @param options - `search`: the search applied to the list, for highlights.
 * @throws UnprocessableError `This collection has no primary key` (name `NoPrimaryKeyError`).
 *
 * @example
 * ```ts
 * const records = await books.list(caller, filter, projection);
 * response.json(serializeRecords(books, records, projection, { search: filter.search ?? undefined }));
 * ```
 */
export function serializeRecords(
  collection: Collection,
  records: RecordData[],
  projection: Projection,
  options: { search?: string } = {},
): JsonApiDocument {
  const builder = new ResourceBuilder();
  const data = records.map(record => builder.resource(collection, record, projection));
  const decorators = options.search ? searchDecorators(data, options.search) : undefined;

  return builder.document(data, decorators ? { decorators } : undefined);
}
