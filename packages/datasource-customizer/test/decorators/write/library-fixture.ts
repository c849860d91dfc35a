import {
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
  type Caller,
  type Collection,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';

/** The caller of every test. */
export const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Admin',
  tags: {},
  timezone: 'Europe/Paris',
};

/**
 * authors (id, firstName, lastName, fullName (read-only stand-in for a computed field), age,
 * birthDate) ← books (id, title, price, authorId, author ManyToOne); authors → profile OneToOne
 * (profiles.authorId); authors → books OneToMany.
 */
export function makeLibrary(): DataSource {
  return createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          firstName: { type: 'Column', columnType: 'String' },
          lastName: { type: 'Column', columnType: 'String' },
          fullName: { type: 'Column', columnType: 'String', isReadOnly: true },
          age: { type: 'Column', columnType: 'Number' },
          birthDate: { type: 'Column', columnType: 'Dateonly' },
          profile: {
            type: 'OneToOne',
            foreignCollection: 'profiles',
            originKey: 'authorId',
            originKeyTarget: 'id',
          },
          books: {
            type: 'OneToMany',
            foreignCollection: 'books',
            originKey: 'authorId',
            originKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, firstName: 'Isaac', lastName: 'Asimov', age: 72 },
          { id: 2, firstName: 'Ursula', lastName: 'Le Guin', age: 88 },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          price: { type: 'Column', columnType: 'Number' },
          status: { type: 'Column', columnType: 'String' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, title: 'Foundation', price: 10, status: 'draft', authorId: 1 },
          { id: 2, title: 'Earthsea', price: 12, status: 'draft', authorId: 2 },
          { id: 3, title: 'Anonymous', price: 5, status: 'draft', authorId: null },
        ],
      },
      profiles: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          bio: { type: 'Column', columnType: 'String' },
          authorId: { type: 'Column', columnType: 'Number' },
        },
        records: [{ id: 1, bio: 'Robots', authorId: 1 }],
      },
    },
  });
}

/** Every record of a collection (columns only), sorted by id. */
export async function readAll(collection: Collection): Promise<RecordData[]> {
  const columns = Object.keys(collection.schema.fields).filter(
    name => collection.schema.fields[name]?.type === 'Column',
  );
  const records = await collection.list(caller, new PaginatedFilter(), new Projection(...columns));

  return records.sort((a, b) => Number(a.id) - Number(b.id));
}
