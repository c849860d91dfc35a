import type { Caller } from '../interfaces/caller';
import type { Collection } from '../interfaces/collection';
import type { CompositeId } from '../interfaces/record';
import type { ManyToManySchema, OneToManySchema } from '../interfaces/schema';
import { ValidationError } from '../errors/errors';
import { getFieldValue } from '../utils/record-utils';
import { getPrimaryKeys } from '../utils/schema-utils';
import { ConditionTreeFactory } from './condition-tree/condition-tree-factory';
import { ConditionTreeLeaf } from './condition-tree/nodes/condition-tree-leaf';
import type { Filter } from './filter';
import { PaginatedFilter } from './paginated-filter';
import { Projection } from './projection';

/**
 * Reads one field of a record known by its id: from the id itself when the field is a primary
 * key, otherwise with one `list` call.
 *
 * @example
 * ```ts
 * await getValueById(caller, authors, [12], 'id'); // 12, no query
 * ```
 */
export async function getValueById(
  caller: Caller,
  collection: Collection,
  id: CompositeId,
  field: string,
): Promise<unknown> {
  const index = getPrimaryKeys(collection.schema).indexOf(field);
  if (index !== -1) return id[index];

  const [record] = await collection.list(
    caller,
    new PaginatedFilter({ conditionTree: ConditionTreeFactory.matchIds(collection.schema, [id]) }),
    new Projection(field),
  );
  if (!record)
    throw new ValidationError(
      `Record ${JSON.stringify(id)} of '${collection.name}' was not found.`,
    );

  return getFieldValue(record, field);
}

/**
 * The filter selecting the records of a to-many relation of one record, intersected with a
 * user filter: `originKey = parent value` for OneToMany; for ManyToMany, the foreign keys found
 * in the through collection.
 *
 * @example
 * ```ts
 * const filter = await makeForeignFilter(caller, authors, [12], 'books', userFilter);
 * await books.list(caller, filter, projection);
 * ```
 */
export async function makeForeignFilter<F extends Filter>(
  caller: Caller,
  collection: Collection,
  id: CompositeId,
  relationName: string,
  baseFilter: F,
): Promise<F> {
  const relation = collection.schema.fields[relationName];
  if (relation?.type !== 'OneToMany' && relation?.type !== 'ManyToMany') {
    throw new ValidationError(
      `'${collection.name}.${relationName}' is not a OneToMany or ManyToMany relation.`,
    );
  }
  const originValue = await getValueById(caller, collection, id, relation.originKeyTarget);
  const tree =
    relation.type === 'OneToMany'
      ? new ConditionTreeLeaf(relation.originKey, 'Equal', originValue)
      : await foreignKeysOfThrough(caller, collection, relation, originValue);

  return baseFilter.override({
    conditionTree: ConditionTreeFactory.intersect(baseFilter.conditionTree, tree),
  }) as F;
}

async function foreignKeysOfThrough(
  caller: Caller,
  collection: Collection,
  relation: ManyToManySchema,
  originValue: unknown,
): Promise<ConditionTreeLeaf> {
  const through = collection.dataSource.getCollection(relation.throughCollection);
  const throughFk = through.schema.fields[relation.foreignKey];
  const presentFk =
    throughFk?.type === 'Column' && throughFk.filterOperators?.has('Present')
      ? new ConditionTreeLeaf(relation.foreignKey, 'Present')
      : null;
  const records = await through.list(
    caller,
    new PaginatedFilter({
      conditionTree: ConditionTreeFactory.intersect(
        new ConditionTreeLeaf(relation.originKey, 'Equal', originValue),
        presentFk,
      ),
    }),
    new Projection(relation.foreignKey),
  );
  const keys = [...new Set(records.map(record => record[relation.foreignKey]))].filter(
    key => key !== null && key !== undefined,
  );

  return new ConditionTreeLeaf(relation.foreignKeyTarget, 'In', keys);
}

/**
 * The relation on the other side of a relation (`books.author` ↔ `authors.books`), or null.
 * ManyToMany pairs share their through collection with swapped keys; OneToMany/OneToOne pair
 * with the ManyToOne using the same key.
 *
 * @example
 * ```ts
 * findInverseRelation(books, 'author'); // 'books' (authors.books)
 * ```
 */
export function findInverseRelation(collection: Collection, relationName: string): string | null {
  const relation = collection.schema.fields[relationName];
  if (!relation || relation.type === 'Column') return null;
  const foreign = collection.dataSource.getCollection(relation.foreignCollection);

  const match = Object.entries(foreign.schema.fields).find(([, field]) => {
    if (field.type === 'Column' || field.foreignCollection !== collection.name) return false;
    if (relation.type === 'ManyToMany') {
      return (
        field.type === 'ManyToMany' &&
        field.throughCollection === relation.throughCollection &&
        field.originKey === relation.foreignKey &&
        field.foreignKey === relation.originKey
      );
    }
    if (relation.type === 'ManyToOne') {
      return (
        (field.type === 'OneToMany' || field.type === 'OneToOne') &&
        field.originKey === relation.foreignKey
      );
    }

    return (
      field.type === 'ManyToOne' && field.foreignKey === (relation as OneToManySchema).originKey
    );
  });

  return match ? match[0] : null;
}
