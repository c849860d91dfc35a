import {
  ValidationError,
  getPrimaryKeys,
  isToOne,
  missingSchemaElement,
} from '@grove/datasource-toolkit';
import type { Collection, RecordData } from '@grove/datasource-toolkit';
import { parseId } from '../query/parse-id';
import { isJsonObject, type JsonObject } from '../query/is-json-object';

/**
 * Reads a create / update body (docs/agent-protocol.md#request-bodies): `data.attributes` copied as
 * they are, every key being a column of the collection (a relation name is refused: no nested
 * writes from HTTP); `data.id` fills the primary keys the attributes do not hold (attributes win);
 * to-one `relationships` give the packed id of their target, or `null` to unlink; to-many
 * relationships are ignored. Values are not type-checked here (the route validates the record, and
 * refuses an empty one).
 *
 * @param collection - The collection written.
 * @param body - The parsed JSON body.
 * @returns The record and the targets of its to-one relations, by relation name.
 * @throws The toolkit's `MissingFieldError` for an unknown attribute, ValidationError for a
 *   relation in `attributes`, `MissingRelationError` for an unknown relationship, ValidationError for a malformed relationship or `data.id`.
 *
 * @example
 * ```ts
 * deserializeRecord(books, { data: { type: 'books', attributes: { title: 'Dune' },
 *   relationships: { author: { data: { type: 'persons', id: '3' } } } } });
 * // { record: { title: 'Dune' }, toOne: { author: '3' } }
 * ```
 */
export function deserializeRecord(
  collection: Collection,
  body: unknown,
): { record: RecordData; toOne: Record<string, string | null> } {
  const data: JsonObject = isJsonObject(body) && isJsonObject(body.data) ? body.data : {};
  const attributes: JsonObject = isJsonObject(data.attributes) ? data.attributes : {};
  const { fields } = collection.schema;
  for (const key of Object.keys(attributes)) {
    const field = fields[key];
    if (!field) throw missingSchemaElement('field', collection.name, key, Object.keys(fields));
    // A relation name here would be a nested write on the foreign collection, with neither its
    // rights nor its scope checked: relations are only written through `relationships`.
    if (field.type !== 'Column') {
      throw new ValidationError(
        `Unknown field "${key}" in attributes: relations are written through "relationships"`,
      );
    }
  }

  const record: RecordData = { ...attributes };
  const primaryKeys = getPrimaryKeys(collection.schema);
  if ((typeof data.id === 'string' && data.id !== '') || typeof data.id === 'number') {
    if (primaryKeys.length) {
      const id = parseId(collection, String(data.id));
      primaryKeys.forEach((pk, index) => {
        if (!Object.hasOwn(record, pk)) record[pk] = id[index];
      });
    }
  }

  return { record, toOne: readToOne(collection, data.relationships) };
}

function readToOne(collection: Collection, relationships: unknown): Record<string, string | null> {
  const toOne: Record<string, string | null> = {};
  if (!isJsonObject(relationships)) return toOne;

  const { fields } = collection.schema;
  for (const [name, relationship] of Object.entries(relationships)) {
    const field = fields[name];
    if (!field || field.type === 'Column') {
      const relations = Object.keys(fields).filter(key => fields[key]?.type !== 'Column');
      throw missingSchemaElement('relation', collection.name, name, relations);
    }
    if (!isToOne(field) || !isJsonObject(relationship) || !('data' in relationship)) continue;

    const target = relationship.data;
    if (target === null) toOne[name] = null;
    else if (
      isJsonObject(target) &&
      (typeof target.id === 'string' || typeof target.id === 'number')
    ) {
      toOne[name] = String(target.id);
    } else {
      throw new ValidationError(
        `Invalid relationship '${name}': expected {"data": {"type", "id"}} or {"data": null}`,
      );
    }
  }

  return toOne;
}
