import type { Collection } from '../../../src/interfaces/collection';
import type { CollectionSchema, ColumnType, FieldSchema } from '../../../src/interfaces/schema';

function column(columnType: ColumnType, isPrimaryKey = false): FieldSchema {
  return { type: 'Column', columnType, isPrimaryKey, filterOperators: new Set(['Equal', 'In']) };
}

function schema(fields: Record<string, FieldSchema>): CollectionSchema {
  return { fields, actions: {}, segments: [], charts: [], countable: true, searchable: true };
}

const collections: Record<string, Collection> = {};

function stub(name: string, fields: Record<string, FieldSchema>): Collection {
  const dataSource = { getCollection: (other: string) => collections[other] };
  collections[name] = { name, schema: schema(fields), dataSource } as unknown as Collection;

  return collections[name];
}

/** `authors(id, name)`: the target of `books.author`. */
export const authors = stub('authors', { id: column('Number', true), name: column('String') });

/**
 * `books`: one column per type the matching tests need, and a ManyToOne `author`.
 *
 * @example `books.schema.fields.publishedAt` is a Date column.
 */
export const books = stub('books', {
  id: column('Number', true),
  title: column('String'),
  price: column('Number'),
  tags: column(['String']),
  publishedAt: column('Date'),
  releaseDate: column('Dateonly'),
  opensAt: column('Time'),
  isbn: column('Uuid'),
  metadata: column('Json'),
  authorId: column('Number'),
  author: {
    type: 'ManyToOne',
    foreignCollection: 'authors',
    foreignKey: 'authorId',
    foreignKeyTarget: 'id',
  },
});
