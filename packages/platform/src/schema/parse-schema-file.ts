import { createHash } from 'node:crypto';

import { ValidationError } from '@grove/datasource-toolkit';

import { APIMAP_LIMITS } from './parse-apimap';
import type { StoredCollection, StoredSchema } from './stored-schema';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(detail: string): never {
  throw new ValidationError(`Malformed schema file: ${detail}`);
}

function name(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '' || value.length > APIMAP_LIMITS.nameLength) {
    fail(`${what} must be a non-empty text of at most ${APIMAP_LIMITS.nameLength} characters`);
  }

  return value;
}

function items(value: unknown, what: string): Json[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > APIMAP_LIMITS.itemsPerCollection) {
    fail(`${what} must be an array of at most ${APIMAP_LIMITS.itemsPerCollection} entries`);
  }
  if (!value.every(isObject)) fail(`every entry of ${what} must be an object`);

  return value;
}

function parseCollection(value: unknown): StoredCollection {
  if (!isObject(value)) fail('every collection must be an object');
  const collection = name(value.name, 'a collection name');
  const fields = items(value.fields, `${collection}.fields`);
  if (!fields.every(field => typeof field.field === 'string' && field.field !== '')) {
    fail(`every field of ${collection} needs a name (field)`);
  }
  const actions = items(value.actions, `${collection}.actions`).map((action, index) => {
    const actionName = name(action.name, `an action name of ${collection}`);

    return {
      ...action,
      id: typeof action.id === 'string' ? action.id : `${collection}-${index}`,
      name: actionName,
    };
  });
  if (new Set(actions.map(action => action.name)).size !== actions.length) {
    fail(`two actions of ${collection} have the same name`);
  }
  const segments = items(value.segments, `${collection}.segments`).map(segment => {
    const segmentName = name(segment.name, `a segment name of ${collection}`);

    return {
      ...segment,
      id: typeof segment.id === 'string' ? segment.id : `${collection}.${segmentName}`,
      name: segmentName,
    };
  });

  return {
    ...value,
    name: collection,
    fields: fields as unknown as StoredCollection['fields'],
    actions,
    segments,
  };
}

/**
 * Reads a schema file (`{ collections: [{ name, fields, actions, segments }], meta }`, what
 * agents write next to them and the test kit registers with `POST /agent-schema`) into the
 * schema the platform stores, with its hash: `meta.schemaFileHash` when given, else the SHA-1 of
 * the file. Refuses (ValidationError) anything else, bounded like uploads (`APIMAP_LIMITS`).
 *
 * @example
 * ```ts
 * const { schema } = parseSchemaFile({ collections: [{ name: 'orders', fields: [] }], meta: {} });
 * schema.collections[0].actions; // []
 * ```
 */
export function parseSchemaFile(body: unknown): { schema: StoredSchema; hash: string } {
  if (!isObject(body) || !Array.isArray(body.collections)) {
    fail('the schema must be { collections: [{ name }] }');
  }
  if (body.collections.length > APIMAP_LIMITS.collections) {
    fail(`more than ${APIMAP_LIMITS.collections} collections`);
  }
  if (body.meta !== undefined && !isObject(body.meta)) fail('meta must be an object');
  const { schemaFileHash, ...meta } = isObject(body.meta) ? body.meta : {};
  const collections = body.collections.map(parseCollection);
  if (new Set(collections.map(collection => collection.name)).size !== collections.length) {
    fail('two collections have the same name');
  }
  const hash =
    typeof schemaFileHash === 'string' && /^[0-9A-Za-z]{1,64}$/.test(schemaFileHash)
      ? schemaFileHash
      : createHash('sha1').update(JSON.stringify(body)).digest('hex');

  return { schema: { collections, meta }, hash };
}
