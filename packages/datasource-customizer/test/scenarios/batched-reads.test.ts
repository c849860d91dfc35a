import {
  PaginatedFilter,
  Projection,
  createInMemoryDataSource,
  type Collection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../src/decorators/data-source-decorator';
import { DataSourceCustomizer } from '../../src/data-source-customizer';
import { caller } from './library-fixture';

/** Counts every call reaching the underlying data source. */
class CountingDecorator extends CollectionDecorator {
  static calls = 0;
  override list(...args: Parameters<Collection['list']>) {
    CountingDecorator.calls += 1;
    return super.list(...args);
  }
}

/** `books` without declared relation: the customizer adds it (an emulated relation). */
function library(bookCount: number): DataSource {
  const raw = createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Author ${i + 1}` })),
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          authorId: { type: 'Column', columnType: 'Number' },
        },
        records: Array.from({ length: bookCount }, (_, i) => ({
          id: i + 1,
          authorId: (i % 10) + 1,
        })),
      },
    },
  });

  return new DataSourceDecorator(raw, CountingDecorator);
}

async function countCalls(bookCount: number): Promise<{ calls: number; rows: number }> {
  const dataSource = await new DataSourceCustomizer()
    .addDataSource(async () => library(bookCount))
    .customizeCollection('books', books =>
      books
        .addManyToOneRelation('author', 'authors', { foreignKey: 'authorId' })
        .addField('authorLabel', {
          columnType: 'String',
          dependencies: ['author:name'],
          getValues: records =>
            records.map(r => `by ${String((r.author as { name: string }).name)}`),
        }),
    )
    .getDataSource();
  CountingDecorator.calls = 0;
  const rows = await dataSource
    .getCollection('books')
    .list(caller, new PaginatedFilter(), new Projection('id', 'authorLabel', 'author:name'));

  return { calls: CountingDecorator.calls, rows: rows.length };
}

describe('batched reads', () => {
  it('lists N records with a computed field on an emulated relation in a constant number of calls', async () => {
    const small = await countCalls(3);
    const large = await countCalls(300);

    expect([small.rows, large.rows]).toEqual([3, 300]);
    // One list of books, one list of their authors, whatever N.
    expect([small.calls, large.calls]).toEqual([2, 2]);
  });
});
