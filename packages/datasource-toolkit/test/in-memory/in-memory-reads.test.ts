import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Projection } from '../../src/query/projection';
import { allowedOperatorsFor } from '../../src/validation/allowed-operators';
import {
  createInMemoryDataSource,
  inMemoryDataSourceFactory,
} from '../../src/in-memory/create-in-memory-data-source';
import { caller, isbn, library, libraryDefinition } from './library';

const titles = new Projection('title');

async function listTitles(filter: PaginatedFilter): Promise<unknown[]> {
  const records = await library().getCollection('books').list(caller, filter, titles);

  return records.map(record => record.title);
}

describe('in-memory data source: schema', () => {
  const books = library().getCollection('books');

  it('publishes every operator of a column type', () => {
    const title = books.schema.fields.title;
    expect(title?.type === 'Column' && [...(title.filterOperators ?? [])]).toEqual([
      ...allowedOperatorsFor('String'),
    ]);
  });

  it('adds the comparisons date rewrites need to date columns', () => {
    const field = books.schema.fields.publishedAt;
    const operators = field?.type === 'Column' ? field.filterOperators : undefined;
    expect(
      ['LessThan', 'GreaterThan', 'GreaterThanOrEqual', 'Today'].map(op =>
        operators?.has(op as never),
      ),
    ).toEqual([true, true, true, true]);
  });

  it('is countable and searchable, with the defined segments', () => {
    expect([books.schema.countable, books.schema.searchable, books.schema.segments]).toEqual([
      true,
      true,
      ['published'],
    ]);
  });

  it('keeps the collections in definition order', () => {
    expect(library().collections.map(collection => collection.name)).toEqual(['authors', 'books']);
  });

  it('has a factory form building a fresh data source', async () => {
    const factory = inMemoryDataSourceFactory(libraryDefinition());
    const dataSource = await factory(
      () => undefined,
      async () => undefined,
    );
    expect(dataSource.getCollection('books').name).toBe('books');
  });
});

describe('in-memory data source: list', () => {
  it('keeps insertion order without sort', async () => {
    expect(await listTitles(new PaginatedFilter())).toEqual([
      'Dune',
      'The Left Hand of Darkness',
      'Children of Dune',
    ]);
  });

  it('searches text case-insensitively', async () => {
    expect(await listTitles(new PaginatedFilter({ search: 'DUNE' }))).toEqual([
      'Dune',
      'Children of Dune',
    ]);
  });

  it('searches numbers exactly when the term is numeric', async () => {
    expect(await listTitles(new PaginatedFilter({ search: '1969' }))).toEqual([
      'The Left Hand of Darkness',
    ]);
  });

  it('searches uuids by equality, whatever the case', async () => {
    expect(await listTitles(new PaginatedFilter({ search: isbn.toUpperCase() }))).toEqual(['Dune']);
  });

  it('searches to-one relations only when extended', async () => {
    expect(await listTitles(new PaginatedFilter({ search: 'ursula' }))).toEqual([]);
    expect(
      await listTitles(new PaginatedFilter({ search: 'ursula', searchExtended: true })),
    ).toEqual(['The Left Hand of Darkness']);
  });

  it('applies a segment', async () => {
    expect(await listTitles(new PaginatedFilter({ segment: 'published' }))).toEqual([
      'Dune',
      'Children of Dune',
    ]);
  });

  it('refuses an unknown segment', async () => {
    await expect(listTitles(new PaginatedFilter({ segment: 'bestsellers' }))).rejects.toMatchObject(
      {
        code: 'ValidationError',
        message: 'Invalid segment: "bestsellers"',
      },
    );
  });

  it('refuses live query segments', async () => {
    const filter = new PaginatedFilter({
      liveQuerySegment: { query: 'select 1', connectionName: 'main' },
    });
    await expect(listTitles(filter)).rejects.toMatchObject({ code: 'ValidationError' });
  });

  it('refuses an unknown projected field', async () => {
    const books = library().getCollection('books');
    await expect(
      books.list(caller, new PaginatedFilter(), new Projection('titel')),
    ).rejects.toMatchObject({
      name: 'MissingFieldError',
    });
  });

  it('filters on a relation path and nests the relation', async () => {
    const books = library().getCollection('books');
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('author:name', 'StartsWith', 'Ursula'),
    });
    expect(await books.list(caller, filter, new Projection('id', 'author:name'))).toEqual([
      { id: 3, author: { name: 'Ursula Le Guin' } },
    ]);
  });

  it('returns copies that callers cannot use to change the store', async () => {
    const books = library().getCollection('books');
    const projection = new Projection('tags', 'publishedAt', 'author:name');
    const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });
    const [first] = await books.list(caller, filter, projection);
    (first?.tags as string[]).push('mutated');
    (first?.publishedAt as Date).setFullYear(2000);
    (first?.author as { name: string }).name = 'Mutated';
    expect(await books.list(caller, filter, projection)).toEqual([
      {
        tags: ['sf'],
        publishedAt: new Date('1965-08-01T00:00:00Z'),
        author: { name: 'Frank Herbert' },
      },
    ]);
  });

  it('never mutates the definition', async () => {
    const definition = libraryDefinition();
    const snapshot = JSON.stringify(definition);
    await createInMemoryDataSource(definition)
      .getCollection('books')
      .create(caller, [{ title: 'New' }]);
    expect(JSON.stringify(definition)).toBe(snapshot);
  });
});
