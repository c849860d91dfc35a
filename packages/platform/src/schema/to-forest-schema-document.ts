import type { LoadedSchema } from './load-environment-schema';

/** A JSON:API resource of the schema document. */
interface Resource {
  type: 'collections' | 'fields' | 'actions' | 'segments';
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string }[] }>;
}

/** The JSON:API document of `GET /liana/forest-schema`. */
export interface ForestSchemaDocument {
  jsonapi: { version: '1.0' };
  data: Resource[];
  included: Resource[];
  meta: Record<string, unknown>;
}

/**
 * Serves a stored schema back as JSON:API (docs/platform-protocol.md#schema-read-back): one
 * `collections` resource per collection whose fields, actions and segments are related resources
 * listed in `included` (field ids are `<collection>.<field>`; action and segment ids are the
 * agent's). A JSON:API deserializer gives back each collection with `fields`, `actions` and
 * `segments` arrays.
 *
 * @example
 * ```ts
 * res.json(toForestSchemaDocument(await loadEnvironmentSchema(db, environment.id)));
 * ```
 */
export function toForestSchemaDocument({ schema, hash }: LoadedSchema): ForestSchemaDocument {
  const included: Resource[] = [];
  const link = (resource: Resource) => {
    included.push(resource);

    return { type: resource.type, id: resource.id };
  };
  const data = schema.collections.map((collection): Resource => {
    const { fields, actions, segments, ...attributes } = collection;

    return {
      type: 'collections',
      id: collection.name,
      attributes,
      relationships: {
        fields: {
          data: fields.map(field =>
            link({ type: 'fields', id: `${collection.name}.${field.field}`, attributes: field }),
          ),
        },
        actions: {
          data: actions.map(action => link({ type: 'actions', id: action.id, attributes: action })),
        },
        segments: {
          data: segments.map(segment =>
            link({ type: 'segments', id: segment.id, attributes: segment }),
          ),
        },
      },
    };
  });

  return {
    jsonapi: { version: '1.0' },
    data,
    included,
    meta: { ...schema.meta, schemaFileHash: hash },
  };
}
