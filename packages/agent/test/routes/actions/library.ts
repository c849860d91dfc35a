import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type { DataSource, PlainConditionTree } from '@grove/datasource-toolkit';

/** Authors 1 (books 1, 3, 5) and 2 (books 2, 4); books 2 and 5 are live, the others drafts. */
export function createLibrary(): DataSource {
  return createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          books: {
            type: 'OneToMany',
            foreignCollection: 'books',
            originKey: 'authorId',
            originKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, name: 'Ada' },
          { id: 2, name: 'Grace' },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, title: 'Dune', status: 'draft', authorId: 1 },
          { id: 2, title: 'Emma', status: 'live', authorId: 2 },
          { id: 3, title: 'Ulysses', status: 'draft', authorId: 1 },
          { id: 4, title: 'Hamlet', status: 'draft', authorId: 2 },
          { id: 5, title: 'Beloved', status: 'live', authorId: 1 },
        ],
      },
    },
  });
}

/** A scope or condition: `field = value`. */
export function equal(field: string, value: unknown): PlainConditionTree {
  return { field, operator: 'Equal', value };
}
