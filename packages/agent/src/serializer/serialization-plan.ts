import { getPrimaryKeys } from '@grove/datasource-toolkit';
import type { Collection, CollectionSchema, Projection } from '@grove/datasource-toolkit';

/**
 * One field of a resource, in schema order.
 *
 * @example
 * ```ts
 * const field: PlannedField = { kind: 'toMany', name: 'reviews' };
 * ```
 */
export type PlannedField =
  | { readonly kind: 'attribute'; readonly name: string }
  | {
      readonly kind: 'toOne';
      readonly name: string;
      readonly foreign: Collection;
      readonly projection: Projection;
    }
  | { readonly kind: 'toMany'; readonly name: string };

/**
 * What serializing a record of a collection with a projection writes.
 *
 * @example
 * ```ts
 * const { primaryKeys, fields } = serializationPlan(books, projection);
 * ```
 */
export interface SerializationPlan {
  readonly collection: Collection;
  readonly primaryKeys: readonly string[];
  readonly fields: readonly PlannedField[];
}

// Keyed by projection: a list serializes many records with one projection (and its stable
// sub-projections), so the schema is walked once per document, not once per record.
const plans = new WeakMap<Projection, SerializationPlan>();

/**
 * How many plans are kept per collection schema, keyed by the projection's paths: the requests of
 * a UI use a handful of projections per collection, so each reuses the plan of the previous one.
 * The oldest goes first beyond it.
 */
export const serializationPlansPerSchema = 64;

// Keyed by the schema object: the decorator stack answers the same object until the schema
// changes (a field added, renamed, hidden), and a new schema starts with no plan.
const plansBySchema = new WeakMap<CollectionSchema, Map<string, SerializationPlan>>();

/**
 * The fields a resource of `collection` holds under `projection`
 * (docs/agent-protocol.md#jsonapi-documents): projected columns as attributes, projected to-one
 * relations with their sub-projection, every to-many relation as a link; in schema order. Cached
 * per projection object, and per collection schema and projected paths (see
 * {@link serializationPlansPerSchema}).
 *
 * @example
 * ```ts
 * serializationPlan(books, new Projection('id', 'author:name')).fields;
 * // [{ kind: 'attribute', name: 'id' }, { kind: 'toOne', name: 'author', … }, { kind: 'toMany', name: 'reviews' }]
 * ```
 */
export function serializationPlan(
  collection: Collection,
  projection: Projection,
): SerializationPlan {
  const cached = plans.get(projection);
  if (cached?.collection === collection) return cached;

  const { schema } = collection;
  let bySchema = plansBySchema.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    plansBySchema.set(schema, bySchema);
  }
  const key = projection.paths.join('\0');
  let plan = bySchema.get(key);
  if (plan?.collection !== collection) {
    plan = buildPlan(collection, schema, projection);
    if (bySchema.size >= serializationPlansPerSchema) {
      bySchema.delete(bySchema.keys().next().value as string);
    }
    bySchema.set(key, plan);
  }
  plans.set(projection, plan);

  return plan;
}

function buildPlan(
  collection: Collection,
  schema: CollectionSchema,
  projection: Projection,
): SerializationPlan {
  const columns = new Set(projection.columns);
  const relations = projection.relations;
  const fields = Object.entries(schema.fields).flatMap(([name, field]): PlannedField[] => {
    if (field.type === 'Column') return columns.has(name) ? [{ kind: 'attribute', name }] : [];
    if (field.type === 'OneToMany' || field.type === 'ManyToMany') {
      return [{ kind: 'toMany', name }];
    }
    const subProjection = relations[name];
    if (!subProjection) return [];
    const foreign = collection.dataSource.getCollection(field.foreignCollection);

    return [{ kind: 'toOne', name, foreign, projection: subProjection }];
  });

  return { collection, primaryKeys: getPrimaryKeys(schema), fields };
}
