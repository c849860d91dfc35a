import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  type Caller,
  type Collection,
  type ConditionTree,
  type ManyToOneSchema,
  type OneToOneSchema,
} from '@grove/datasource-toolkit';

/** Negative operators answered as `NotIn` the keys of their positive form. */
const negatives = new Set(['NotEqual', 'NotIn']);

/**
 * Rewrites a leaf on an emulated to-one relation path (`author:name Equal 'Ada'`) into a leaf on
 * this collection's key: the foreign collection is listed ONCE with the unnested leaf, then
 * ManyToOne → `foreignKey In [targets]`, OneToOne → `originKeyTarget In [origin keys]`.
 * `NotEqual`/`NotIn` on a ManyToOne become `foreignKey NotIn [targets of the positive leaf]` when
 * the foreign key supports `NotIn`, so that records without a related record still match (as
 * they do through a native join, where the related field reads as null).
 *
 * @example
 * ```ts
 * await rewriteRelationLeaf(caller, books, authors, author, leaf); // authorId In [1, 4]
 * ```
 */
export async function rewriteRelationLeaf(
  caller: Caller,
  collection: Collection,
  foreign: Collection,
  relation: ManyToOneSchema | OneToOneSchema,
  leaf: ConditionTreeLeaf,
): Promise<ConditionTree> {
  const subLeaf = leaf.unnest();

  if (relation.type === 'OneToOne') {
    const keys = await listKeys(caller, foreign, subLeaf, relation.originKey);

    return new ConditionTreeLeaf(relation.originKeyTarget, 'In', keys);
  }

  const foreignKey = collection.schema.fields[relation.foreignKey];
  const supportsNotIn = foreignKey?.type === 'Column' && foreignKey.filterOperators?.has('NotIn');
  if (negatives.has(leaf.operator) && supportsNotIn) {
    const keys = await listKeys(caller, foreign, subLeaf.inverse(), relation.foreignKeyTarget);

    return new ConditionTreeLeaf(relation.foreignKey, 'NotIn', keys);
  }
  const keys = await listKeys(caller, foreign, subLeaf, relation.foreignKeyTarget);

  return new ConditionTreeLeaf(relation.foreignKey, 'In', keys);
}

/** The distinct non-null values of `key` among the records matching `tree`. */
async function listKeys(
  caller: Caller,
  collection: Collection,
  tree: ConditionTree,
  key: string,
): Promise<unknown[]> {
  const records = await collection.list(
    caller,
    new PaginatedFilter({ conditionTree: tree }),
    new Projection(key),
  );

  return [
    ...new Set(records.map(record => record[key]).filter(v => v !== null && v !== undefined)),
  ];
}
