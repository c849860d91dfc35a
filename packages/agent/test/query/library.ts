import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type { Caller, Collection, DataSource } from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';

/** Shared by the query, serializer and CSV tests. */
export const caller: Caller = libraryCaller;

export const reviewId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/**
 * addresses ← persons (address) ← books (author, editor) → reviews; orderLines with a composite
 * key and a to-many; logs without primary key.
 */
export function library(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books', 'reviews'],
      names: { authors: 'persons' },
      fields: {
        authors: {
          addressId: 'Number',
          address: {
            type: 'ManyToOne',
            foreignCollection: 'addresses',
            foreignKey: 'addressId',
            foreignKeyTarget: 'id',
          },
        },
        books: {
          publishedAt: 'Date',
          releaseDay: 'Dateonly',
          readingTime: 'Time',
          isAvailable: 'Boolean',
          status: {
            type: 'Column',
            columnType: 'Enum',
            enumValues: ['draft', 'review', 'published'],
          },
          isbn: 'Uuid',
          metadata: 'Json',
          summary: { type: 'Column', columnType: 'String', isSortable: false },
          editorId: 'Number',
          editor: {
            type: 'ManyToOne',
            foreignCollection: 'persons',
            foreignKey: 'editorId',
            foreignKeyTarget: 'id',
          },
        },
        reviews: {
          id: { type: 'Column', columnType: 'Uuid', isPrimaryKey: true },
          rating: null,
          content: 'String',
        },
      },
      records: {
        authors: [
          { id: 3, firstName: 'Frank', lastName: 'Herbert', addressId: 5 },
          { id: 4, firstName: 'Isaac', lastName: 'Asimov', addressId: null },
        ],
        books: [
          { id: 12, title: 'Dune', status: 'published', price: 9.5, authorId: 3, editorId: 4 },
          { id: 9, title: 'Foundation, Book 1', status: 'draft', price: 7, authorId: 4 },
          { id: 14, title: 'Children of Dune', status: 'review', price: 11, authorId: 3 },
        ],
        reviews: [{ id: reviewId, content: 'Great', bookId: 12 }],
      },
      segments: {
        books: { published: { field: 'status', operator: 'Equal', value: 'published' } },
      },
      extraCollections: {
        addresses: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            city: { type: 'Column', columnType: 'String' },
          },
          records: [{ id: 5, city: 'Tacoma' }],
        },
        orderLines: {
          fields: {
            orderId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            sku: { type: 'Column', columnType: 'String', isPrimaryKey: true },
            quantity: { type: 'Column', columnType: 'Number' },
            notes: {
              type: 'OneToMany',
              foreignCollection: 'lineNotes',
              originKey: 'sku',
              originKeyTarget: 'sku',
            },
          },
          records: [
            { orderId: 7, sku: 'A-1', quantity: 2 },
            { orderId: 7, sku: 'B-2', quantity: 1 },
          ],
        },
        lineNotes: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            sku: { type: 'Column', columnType: 'String' },
          },
        },
        logs: {
          fields: { message: { type: 'Column', columnType: 'String' } },
          records: [{ message: 'started' }],
        },
      },
    }),
  );
}

/** A collection of the library. */
export function collection(name: string, dataSource: DataSource = library()): Collection {
  return dataSource.getCollection(name);
}

/** The same collection with some schema properties replaced (prototype kept). */
export function withSchema(base: Collection, schema: Partial<Collection['schema']>): Collection {
  return Object.create(base, { schema: { value: { ...base.schema, ...schema } } }) as Collection;
}

/** Runs a function expected to throw and returns what it threw. */
export function thrown(run: () => unknown): Error & { code?: string; name: string } {
  try {
    run();
  } catch (error) {
    return error as Error & { code?: string; name: string };
  }
  throw new Error('Expected a throw');
}
