import type { Collection } from '../../src/interfaces/collection';
import type { ColumnSchema } from '../../src/interfaces/schema';
import { makeCollection, makeDataSource } from './collection-stub';

const ops = new Set(['Equal', 'In'] as const);

function column(
  columnType: ColumnSchema['columnType'],
  extra: Partial<ColumnSchema> = {},
): ColumnSchema {
  return { type: 'Column', columnType, filterOperators: new Set(ops), ...extra };
}

/** books → authors (ManyToOne), authors → books (OneToMany), books ↔ tags through book_tags. */
export function makeBooksSchema(): {
  books: Collection;
  authors: Collection;
  bookTags: Collection;
} {
  const dataSource = makeDataSource();
  const authors = makeCollection(
    'authors',
    {
      id: column('Number', { isPrimaryKey: true }),
      name: column('String'),
      books: {
        type: 'OneToMany',
        foreignCollection: 'books',
        originKey: 'authorId',
        originKeyTarget: 'id',
      },
    },
    dataSource,
  );
  const books = makeCollection(
    'books',
    {
      id: column('Number', { isPrimaryKey: true }),
      title: column('String'),
      authorId: column('Number'),
      author: {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'id',
      },
      tags: {
        type: 'ManyToMany',
        foreignCollection: 'tags',
        throughCollection: 'book_tags',
        originKey: 'bookId',
        originKeyTarget: 'id',
        foreignKey: 'tagId',
        foreignKeyTarget: 'id',
      },
    },
    dataSource,
  );
  const bookTags = makeCollection(
    'book_tags',
    {
      bookId: column('Number', { isPrimaryKey: true }),
      tagId: column('Number', { isPrimaryKey: true }),
    },
    dataSource,
  );

  return { books, authors, bookTags };
}
