// The in-memory library shared by the QUERY decorators' tests.
import { createInMemoryDataSource, type DataSource } from '@grove/datasource-toolkit';

export function createLibrary(): DataSource {
  return createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          firstName: { type: 'Column', columnType: 'String' },
          lastName: { type: 'Column', columnType: 'String' },
          books: {
            type: 'OneToMany',
            foreignCollection: 'books',
            originKey: 'authorId',
            originKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, firstName: 'Frank', lastName: 'Herbert' },
          { id: 2, firstName: 'Ursula', lastName: 'Le Guin' },
          { id: 3, firstName: 'Iain', lastName: 'Banks' },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          writer: { type: 'Column', columnType: 'String' },
          price: { type: 'Column', columnType: 'Number' },
          publishedAt: { type: 'Column', columnType: 'Date' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          {
            id: 1,
            title: 'Dune',
            writer: 'herbert',
            price: 12,
            publishedAt: '1965-08-01T00:00:00Z',
            authorId: 1,
          },
          {
            id: 2,
            title: 'The Dispossessed',
            writer: 'le guin',
            price: 9,
            publishedAt: '1974-05-01T00:00:00Z',
            authorId: 2,
          },
          {
            id: 3,
            title: 'Dune Messiah',
            writer: 'herbert',
            price: 10,
            publishedAt: '1969-10-15T00:00:00Z',
            authorId: 1,
          },
          {
            id: 4,
            title: 'Excession',
            writer: 'banks',
            price: 15,
            publishedAt: '2999-01-01T00:00:00Z',
            authorId: 3,
          },
          {
            id: 5,
            title: 'The Left Hand of Darkness',
            writer: 'le guin',
            price: null,
            publishedAt: null,
            authorId: 2,
          },
        ],
        segments: { cheap: { field: 'price', operator: 'LessThan', value: 11 } },
      },
    },
  });
}
