import {
  ConditionTreeLeaf,
  PaginatedFilter,
  normalizeValue,
  type Caller,
  type Collection,
  type ColumnType,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';

/**
 * How records of one collection join the records of another: `local.localKey = foreign.foreignKey`.
 *
 * @example
 * ```ts
 * const join: RelationJoin = { name: 'author', foreign: authors, localKey: 'authorId', foreignKey: 'id' };
 * ```
 */
export interface RelationJoin {
  readonly name: string;
  readonly foreign: Collection;
  readonly localKey: string;
  readonly foreignKey: string;
}

/**
 * Attaches, as `record[join.name]`, the related record of each record: ONE `list` of the foreign
 * collection with `foreignKey In [distinct local key values]` for the whole batch (no query when
 * no record has a key). Records without a match get `null`; the first match wins.
 *
 * @example
 * ```ts
 * await fetchRelatedRecords(caller, books, { name: 'author', foreign: authors,
 *   localKey: 'authorId', foreignKey: 'id' }, new Projection('name'));
 * ```
 */
export async function fetchRelatedRecords(
  caller: Caller,
  records: readonly RecordData[],
  join: RelationJoin,
  projection: Projection,
): Promise<void> {
  const { name, foreign, localKey, foreignKey } = join;
  const column = foreign.schema.fields[foreignKey];
  const type: ColumnType | undefined = column?.type === 'Column' ? column.columnType : undefined;
  const keys = new Map<unknown, unknown>();
  for (const record of records) {
    const value = record[localKey];
    if (value === null || value === undefined || Number.isNaN(value)) continue;
    keys.set(normalizeValue(value, type), value);
  }

  const related = new Map<unknown, RecordData>();
  if (keys.size > 0) {
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf(foreignKey, 'In', [...keys.values()]),
    });
    const rows = await foreign.list(caller, filter, projection.union([foreignKey]));
    for (const row of rows) {
      const key = normalizeValue(row[foreignKey], type);
      if (!related.has(key)) related.set(key, row);
    }
  }

  for (const record of records) {
    const value = record[localKey];
    record[name] =
      value === null || value === undefined
        ? null
        : (related.get(normalizeValue(value, type)) ?? null);
  }
}
