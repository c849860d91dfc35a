import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import type { InMemoryDataSourceDefinition } from '../../src/in-memory/in-memory-definition';
import type { Caller } from '../../src/interfaces/caller';
import type { DataSource } from '../../src/interfaces/data-source';

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

export const isbn = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** A small library: authors ← books. */
export function libraryDefinition(): InMemoryDataSourceDefinition {
  return {
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: [
          { id: 1, name: 'Frank Herbert' },
          { id: 2, name: 'Ursula Le Guin' },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String', allowNull: false },
          status: {
            type: 'Column',
            columnType: 'Enum',
            enumValues: ['draft', 'published'],
            defaultValue: 'draft',
          },
          year: { type: 'Column', columnType: 'Number' },
          isbn: { type: 'Column', columnType: 'Uuid' },
          publishedAt: { type: 'Column', columnType: 'Date' },
          tags: { type: 'Column', columnType: ['String'] },
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
            status: 'published',
            year: 1965,
            isbn,
            publishedAt: '1965-08-01T00:00:00Z',
            tags: ['sf'],
            authorId: 1,
          },
          { id: 3, title: 'The Left Hand of Darkness', year: 1969, authorId: 2 },
          { id: 2, title: 'Children of Dune', status: 'published', year: 1976, authorId: 1 },
        ],
        segments: { published: { field: 'status', operator: 'Equal', value: 'published' } },
      },
    },
  };
}

export function library(): DataSource {
  return createInMemoryDataSource(libraryDefinition());
}
