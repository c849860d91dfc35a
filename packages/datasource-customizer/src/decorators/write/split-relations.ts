import {
  ValidationError,
  type Collection,
  type ManyToOneSchema,
  type OneToOneSchema,
  type RecordData,
} from '@grove/datasource-toolkit';

/** A to-one relation written through a nested object. */
export interface RelationWrite {
  readonly name: string;
  readonly schema: ManyToOneSchema | OneToOneSchema;
  readonly patch: RecordData;
}

/**
 * Separates the column part of a record or patch from its nested to-one relation writes
 * (`{ title, author: { name } }` → `{ title }` and the `author` write).
 *
 * @example
 * ```ts
 * splitRelations(books, { title: 'Dune', author: { name: 'Herbert' } });
 * // { columns: { title: 'Dune' }, relations: [{ name: 'author', schema, patch: { name: 'Herbert' } }] }
 * ```
 */
export function splitRelations(
  collection: Collection,
  record: RecordData,
): { columns: RecordData; relations: RelationWrite[] } {
  const columns: RecordData = {};
  const relations: RelationWrite[] = [];

  for (const [name, value] of Object.entries(record)) {
    const schema = collection.schema.fields[name];
    if (schema?.type !== 'ManyToOne' && schema?.type !== 'OneToOne') {
      columns[name] = value;
    } else if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ValidationError(
        `The relation '${collection.name}.${name}' must be written with an object, got ${JSON.stringify(value)}`,
      );
    } else {
      relations.push({ name, schema, patch: value as RecordData });
    }
  }

  return { columns, relations };
}
