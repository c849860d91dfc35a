import type { Collection, Projection, RecordData } from '@grove/datasource-toolkit';
import type { JsonApiDocument } from './json-api-document';
import { ResourceBuilder } from './resource-builder';

/**
 * Serializes one record as a JSON:API document (docs/agent-protocol.md#jsonapi-documents): `data`
 * is the resource, or `null` when there is no record (an update that moved the record out of the
 * caller's scope, docs/agent-protocol.md#update).
 *
 * @param collection - The collection of the record.
 * @param record - The record as `list` returns it, or `null`.
 * @param projection - The projection it was read with.
 * @throws UnprocessableError `This collection has no primary key` (name `NoPrimaryKeyError`).
 *
 * @example
 * ```ts
 * const [record] = await books.list(caller, filter, projection);
 * if (!record) throw new NotFoundError('Record does not exists');
 * response.json(serializeRecord(books, record, projection));
 * ```
 */
export function serializeRecord(
  collection: Collection,
  record: RecordData | null,
  projection: Projection,
): JsonApiDocument {
  const builder = new ResourceBuilder();

  return builder.document(record ? builder.resource(collection, record, projection) : null);
}
