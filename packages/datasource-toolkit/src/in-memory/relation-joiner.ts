import { ValidationError } from '../errors/errors';
import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import type { ColumnType } from '../interfaces/schema';
import type { Projection } from '../query/projection';
import { normalizeValue } from '../utils/normalize-value';
import { isToOne } from '../utils/schema-utils';
import type { InMemoryStore } from './in-memory-store';

/**
 * Nests the to-one relations a query reads into the rows of a collection (`ManyToOne`:
 * `this.foreignKey = foreign.foreignKeyTarget`; `OneToOne`: `foreign.originKey =
 * this.originKeyTarget`), so that paths like `author:name` can be read with `getFieldValue`.
 * A missing related row becomes `null`. Indexes are built once per joiner (one per query).
 *
 * @example
 * ```ts
 * const joiner = new RelationJoiner(store);
 * joiner.join(books, row, new Projection('author:name')); // { id: 1, …, author: { id: 3, name: 'Ada', … } }
 * ```
 */
export class RelationJoiner {
  private readonly indexes = new Map<string, Map<unknown, RecordData>>();

  constructor(private readonly store: InMemoryStore) {}

  /** Returns a shallow view of `row` with the relations of `projection` nested (recursively). */
  join(collection: Collection, row: RecordData, projection: Projection): RecordData {
    const view: RecordData = { ...row };
    for (const [name, subProjection] of Object.entries(projection.relations)) {
      const field = collection.schema.fields[name];
      if (!field || field.type === 'Column') {
        const relations = Object.keys(collection.schema.fields).filter(key =>
          isToOne(collection.schema.fields[key]),
        );
        throw missingSchemaElement('relation', collection.name, name, relations);
      }
      if (!isToOne(field)) {
        throw new ValidationError(
          `Unexpected field type: '${collection.name}.${name}' ` +
            `(found '${field.type}' expected 'ManyToOne' or 'OneToOne')`,
        );
      }
      const foreign = collection.dataSource.getCollection(field.foreignCollection);
      const [localKey, foreignKey] =
        field.type === 'ManyToOne'
          ? [field.foreignKey, field.foreignKeyTarget]
          : [field.originKeyTarget, field.originKey];
      const related = this.find(foreign, foreignKey, row[localKey]);
      view[name] = related ? this.join(foreign, related, subProjection) : null;
    }

    return view;
  }

  private find(collection: Collection, column: string, value: unknown): RecordData | undefined {
    if (value === null || value === undefined) return undefined;
    const type = columnTypeOf(collection, column);
    const key = `${collection.name}.${column}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = new Map();
      for (const row of this.store.rows(collection.name)) {
        const normalized = normalizeValue(row[column], type);
        // First row wins, as a SQL join on a non-unique key would pick "a" row.
        if (normalized !== null && !index.has(normalized)) index.set(normalized, row);
      }
      this.indexes.set(key, index);
    }

    return index.get(normalizeValue(value, type));
  }
}

function columnTypeOf(collection: Collection, column: string): ColumnType {
  const field = collection.schema.fields[column];
  if (field?.type !== 'Column') {
    throw missingSchemaElement(
      'column',
      collection.name,
      column,
      Object.keys(collection.schema.fields),
    );
  }

  return field.columnType;
}
