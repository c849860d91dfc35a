import { ValidationError, packId } from '@grove/datasource-toolkit';
import type { Collection, CompositeId, Projection, RecordData } from '@grove/datasource-toolkit';
import { noPrimaryKeyError } from '../query/no-primary-key-error';
import type {
  JsonApiDocument,
  JsonApiRelationship,
  JsonApiResource,
  JsonApiResourceIdentifier,
} from './json-api-document';
import { serializationPlan } from './serialization-plan';

/**
 * Turns records into JSON:API resources (docs/agent-protocol.md#jsonapi-documents) and collects
 * their related records into one `included` list, deduplicated by type and id (a record reached
 * twice with different projections gets the union of both). One builder serves one document.
 *
 * @example
 * ```ts
 * const builder = new ResourceBuilder();
 * const data = records.map(record => builder.resource(books, record, projection));
 * return builder.document(data);
 * ```
 */
export class ResourceBuilder {
  private readonly included = new Map<string, JsonApiResource>();

  /**
   * The resource of a record: projected columns (schema order, undefined values dropped) as
   * attributes; projected to-one relations as `data` (the related record goes to `included`);
   * every to-many relation as a `related` link.
   */
  resource(collection: Collection, record: RecordData, projection: Projection): JsonApiResource {
    const plan = serializationPlan(collection, projection);
    if (plan.primaryKeys.length === 0) throw noPrimaryKeyError(collection.name);
    const id = packId(plan.primaryKeys.map(key => primaryKeyValue(record, key)));
    const attributes: Record<string, unknown> = {};
    const relationships: Record<string, JsonApiRelationship> = {};

    for (const field of plan.fields) {
      const { name } = field;
      switch (field.kind) {
        case 'attribute':
          if (record[name] !== undefined) attributes[name] = record[name];
          break;
        case 'toOne':
          relationships[name] = {
            data: this.include(field.foreign, record[name], field.projection),
          };
          break;
        case 'toMany': {
          const href = `/forest/${collection.name}/${encodeURIComponent(id)}/relationships/${name}`;
          relationships[name] = { links: { related: { href } } };
          break;
        }
      }
    }

    return {
      type: collection.name,
      id,
      ...(Object.keys(attributes).length ? { attributes } : {}),
      ...(Object.keys(relationships).length ? { relationships } : {}),
    };
  }

  /** The document of the resources built, with `included` when any related record was seen. */
  document(
    data: JsonApiResource | JsonApiResource[] | null,
    meta?: JsonApiDocument['meta'],
  ): JsonApiDocument {
    return {
      jsonapi: { version: '1.0' },
      data,
      ...(this.included.size ? { included: [...this.included.values()] } : {}),
      ...(meta ? { meta } : {}),
    };
  }

  private include(
    collection: Collection,
    related: unknown,
    projection: Projection,
  ): JsonApiResourceIdentifier | null {
    if (typeof related !== 'object' || related === null) return null;
    const record = related as RecordData;
    // Some data sources answer a missing relation with a record of nulls.
    const keys = serializationPlan(collection, projection).primaryKeys;
    if (keys.length && keys.every(key => record[key] === null || record[key] === undefined)) {
      return null;
    }

    const resource = this.resource(collection, record, projection);
    const key = JSON.stringify([resource.type, resource.id]);
    const seen = this.included.get(key);
    this.included.set(key, seen ? merge(seen, resource) : resource);

    return { type: resource.type, id: resource.id };
  }
}

/** A primary key's value, as `getPrimaryKey` reads it (the plan knows the keys already). */
function primaryKeyValue(record: RecordData, key: string): CompositeId[number] {
  const value = record[key];
  if (value === undefined) throw new ValidationError(`Missing primary key: ${key}`);

  return value as CompositeId[number];
}

function merge(first: JsonApiResource, second: JsonApiResource): JsonApiResource {
  const attributes = { ...first.attributes, ...second.attributes };
  const relationships = { ...first.relationships, ...second.relationships };

  return {
    type: first.type,
    id: first.id,
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(Object.keys(relationships).length ? { relationships } : {}),
  };
}
