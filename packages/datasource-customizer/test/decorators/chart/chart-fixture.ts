import { createInMemoryDataSource, type Caller, type DataSource } from '@grove/datasource-toolkit';

/** A caller in Paris (charts bucket in the caller's zone). */
export const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Operations',
  role: 'Admin',
  tags: {},
  timezone: 'Europe/Paris',
};

/** books (single pk) and ratings (composite pk: bookId + userId), books → authors. */
export function createChartSource(): DataSource {
  return createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: [{ id: 1, name: 'Frank Herbert' }],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          sales: { type: 'Column', columnType: 'Number' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, title: 'Dune', sales: 120, authorId: 1 },
          { id: 2, title: 'Children of Dune', sales: 40, authorId: 1 },
        ],
      },
      ratings: {
        fields: {
          bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          userId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          score: { type: 'Column', columnType: 'Number' },
        },
        records: [{ bookId: 1, userId: 7, score: 5 }],
      },
    },
  });
}
