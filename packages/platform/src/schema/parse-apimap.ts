import { createHash } from 'node:crypto';

import { ValidationError } from '@grove/datasource-toolkit';

import type {
  StoredAction,
  StoredCollection,
  StoredField,
  StoredSchema,
  StoredSegment,
} from './stored-schema';

/** Bounds of an uploaded schema, on top of the body size limit. */
export const APIMAP_LIMITS = {
  collections: 5_000,
  /** Fields, actions or segments of one collection. */
  itemsPerCollection: 5_000,
  included: 250_000,
  /** Collection and action names are keys of the rights tables (255 characters). */
  nameLength: 255,
} as const;

/** A schema hash: what agents send (SHA-1 hex), at most the 64 characters of its column. */
const HASH = /^[0-9A-Za-z]{1,64}$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(detail: string): never {
  throw new ValidationError(`Malformed schema: ${detail}`);
}

function checkName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '' || value.length > APIMAP_LIMITS.nameLength) {
    fail(`${what} must be a non-empty text of at most ${APIMAP_LIMITS.nameLength} characters`);
  }

  return value;
}

/**
 * Checks a schema hash (`schemaFileHash`) and returns it.
 *
 * @example
 * ```ts
 * const hash = checkSchemaHash(req.body?.schemaFileHash);
 * ```
 */
export function checkSchemaHash(value: unknown): string {
  if (typeof value !== 'string' || !HASH.test(value)) {
    throw new ValidationError('schemaFileHash must be 1 to 64 letters or digits');
  }

  return value;
}

function array(value: unknown, what: string, max: number): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`${what} must be an array`);
  if (value.length > max) fail(`${what} has more than ${max} entries`);

  return value;
}

/** The included resources by `type:id`; an id listed twice is refused. */
function indexIncluded(included: unknown[]): Map<string, Json> {
  const index = new Map<string, Json>();
  for (const resource of included) {
    if (
      !isObject(resource) ||
      typeof resource.type !== 'string' ||
      typeof resource.id !== 'string'
    ) {
      fail('every included resource needs a type and an id');
    }
    const key = `${resource.type}:${resource.id}`;
    if (index.has(key)) fail(`the included resource ${key} is listed twice`);
    index.set(key, isObject(resource.attributes) ? resource.attributes : {});
  }

  return index;
}

function resolve(
  relationship: unknown,
  type: 'actions' | 'segments',
  collection: string,
  included: Map<string, Json>,
): Json[] {
  const links = array(
    isObject(relationship) ? relationship.data : relationship,
    `${collection}.${type}`,
    APIMAP_LIMITS.itemsPerCollection,
  );

  return links.map(link => {
    if (!isObject(link) || link.type !== type || typeof link.id !== 'string') {
      fail(`${collection}.${type} links must be { type: '${type}', id }`);
    }
    const attributes = included.get(`${type}:${link.id}`);
    if (!attributes) fail(`${collection} links to ${type} ${link.id}, which is not included`);

    return { ...attributes, id: link.id };
  });
}

function parseCollection(resource: unknown, included: Map<string, Json>): StoredCollection {
  if (!isObject(resource) || resource.type !== 'collections') {
    fail('every data resource must be of type collections');
  }
  const attributes = isObject(resource.attributes) ? resource.attributes : {};
  const name = checkName(attributes.name ?? resource.id, 'a collection name');
  const fields = array(attributes.fields, `${name}.fields`, APIMAP_LIMITS.itemsPerCollection);
  for (const field of fields) {
    if (!isObject(field) || typeof field.field !== 'string' || field.field === '') {
      fail(`every field of ${name} needs a name (field)`);
    }
  }
  const relationships = isObject(resource.relationships) ? resource.relationships : {};
  const actions = resolve(relationships.actions, 'actions', name, included).map(action => ({
    ...action,
    name: checkName(action.name, `an action name of ${name}`),
  }));
  const segments = resolve(relationships.segments, 'segments', name, included).map(segment => ({
    ...segment,
    name: checkName(segment.name, `a segment name of ${name}`),
  }));
  // Actions are keyed by display name in the permissions: two with one name cannot be told apart.
  if (new Set(actions.map(action => action.name)).size !== actions.length) {
    fail(`two actions of ${name} have the same name`);
  }

  return {
    ...attributes,
    name,
    fields: fields as StoredField[],
    segments: segments as StoredSegment[],
    actions: actions as StoredAction[],
  };
}

/** Options of {@link parseApimap}. */
export interface ParseApimapOptions {
  /**
   * Accept a document without `meta` or `meta.schemaFileHash` (sandbox mode: hand-written test
   * documents); its hash is then the SHA-1 of the document. Default false.
   */
  readonly hashOptional?: boolean;
}

/**
 * Reads the JSON:API schema document an agent uploads (`POST /forest/apimaps`,
 * docs/platform-protocol.md#schema-upload) into the `{ collections, meta }` the platform stores,
 * segments and actions resolved from `included`, and returns it with its `meta.schemaFileHash`.
 * Refuses (ValidationError) anything that is not such a document, and documents past {@link
 * APIMAP_LIMITS}.
 *
 * @example
 * ```ts
 * const { schema, hash } = parseApimap(req.body);
 * schema.collections[0].actions[0].name; // 'Archive'
 * ```
 */
export function parseApimap(
  body: unknown,
  options: ParseApimapOptions = {},
): { schema: StoredSchema; hash: string } {
  if (!isObject(body)) fail('the body must be a JSON:API document');
  if (!isObject(body.meta) && !(options.hashOptional && body.meta === undefined)) {
    fail('meta is missing');
  }
  const { schemaFileHash, ...meta } = isObject(body.meta) ? body.meta : {};
  const hash =
    options.hashOptional && schemaFileHash === undefined
      ? createHash('sha1').update(JSON.stringify(body)).digest('hex')
      : checkSchemaHash(schemaFileHash);
  if (!Array.isArray(body.data)) fail('data must be an array of collections');
  const data = array(body.data, 'data', APIMAP_LIMITS.collections);
  const included = indexIncluded(array(body.included, 'included', APIMAP_LIMITS.included));
  const collections = data.map(resource => parseCollection(resource, included));
  const names = new Set(collections.map(collection => collection.name));
  if (names.size !== collections.length) fail('two collections have the same name');

  return { schema: { collections, meta }, hash };
}
