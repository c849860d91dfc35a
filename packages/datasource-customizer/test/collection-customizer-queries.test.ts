import {
  ConditionTreeFactory,
  PaginatedFilter,
  Projection,
  Sort,
  type ColumnSchema,
  type DataSource,
} from '@grove/datasource-toolkit';
import { buildLibrary, caller, count, filterOf, list } from './scenarios/library-fixture';

const sortedIds = async (dataSource: DataSource, field: string, ascending = true) =>
  (
    await dataSource
      .getCollection('authors')
      .list(
        caller,
        new PaginatedFilter({ sort: new Sort({ field, ascending }) }),
        new Projection('id'),
      )
  ).map(r => r.id);

const fullName = {
  columnType: 'String' as const,
  dependencies: ['firstName', 'lastName'],
  getValues: (records: Array<Record<string, unknown>>) =>
    records.map(r => `${String(r.firstName)} ${String(r.lastName)}`),
};

describe('CollectionCustomizer segments and search', () => {
  it('adds a segment from a condition tree', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addSegment('old', { field: 'year', operator: 'LessThan', value: 1900 }),
      ),
    );
    const books = dataSource.getCollection('books');

    expect(books.schema.segments).toEqual(['old']);
    await expect(
      books.list(caller, new PaginatedFilter({ segment: 'old' }), new Projection('id')),
    ).resolves.toEqual([{ id: 4 }]);
  });

  it('adds a segment from a function of the context', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addSegment('byCaller', context => ({
          field: 'id',
          operator: 'Equal',
          value: context.caller.id,
        })),
      ),
    );
    const books = dataSource.getCollection('books');

    await expect(
      books.list(caller, new PaginatedFilter({ segment: 'byCaller' }), new Projection('title')),
    ).resolves.toEqual([{ title: 'Dune' }]);
  });

  it('replaces the search', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.replaceSearch(search => ({
          field: 'year',
          operator: 'Equal',
          value: Number(search) + 1,
        })),
      ),
    );
    const books = dataSource.getCollection('books');

    await expect(
      books.list(caller, new PaginatedFilter({ search: '1964' }), new Projection('id')),
    ).resolves.toEqual([{ id: 1 }]);
  });

  it('disables the search', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.disableSearch()),
    );

    expect(dataSource.getCollection('books').schema.searchable).toBe(false);
  });

  it('disables the count', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.disableCount()),
    );

    expect(dataSource.getCollection('books').schema.countable).toBe(false);
  });
});

describe('CollectionCustomizer sorting', () => {
  it('emulates sorting on a computed field', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a =>
        a.addField('fullName', fullName).emulateFieldSorting('fullName'),
      ),
    );

    expect(
      (dataSource.getCollection('authors').schema.fields.fullName as ColumnSchema).isSortable,
    ).toBe(true);
    await expect(sortedIds(dataSource, 'fullName', false)).resolves.toEqual([2, 3, 1]);
  });

  it('replaces sorting by other clauses', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a =>
        a
          .addField('fullName', fullName)
          .replaceFieldSorting('fullName', [{ field: 'lastName', ascending: true }]),
      ),
    );

    await expect(sortedIds(dataSource, 'fullName')).resolves.toEqual([1, 2, 3]);
  });

  it('disables sorting in the exported schema', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a => a.disableFieldSorting('lastName')),
    );

    expect(
      (dataSource.getCollection('authors').schema.fields.lastName as ColumnSchema).isSortable,
    ).toBe(false);
  });
});

describe('CollectionCustomizer filtering', () => {
  it('emulates every operator of a computed field', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a =>
        a.addField('fullName', fullName).emulateFieldFiltering('fullName'),
      ),
    );
    const tree = { field: 'fullName', operator: 'IContains' as const, value: 'le g' };

    await expect(list(dataSource.getCollection('authors'), ['id'], tree)).resolves.toEqual([
      { id: 2 },
    ]);
  });

  it('emulates one operator, and its derivatives', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a =>
        a.addField('fullName', fullName).emulateFieldOperator('fullName', 'In'),
      ),
    );
    const authors = dataSource.getCollection('authors');

    expect([...((authors.schema.fields.fullName as ColumnSchema).filterOperators ?? [])]).toEqual([
      'Equal',
      'Blank',
      'Missing',
      'In',
    ]);
    await expect(
      count(authors, { field: 'fullName', operator: 'Equal', value: 'Jules Verne' }),
    ).resolves.toBe(1);
  });

  it('replaces an operator by a condition tree', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', a =>
        a.addField('fullName', fullName).replaceFieldOperator('fullName', 'Equal', value => {
          const [firstName, lastName] = String(value).split(' ');

          return {
            aggregator: 'And',
            conditions: [
              { field: 'firstName', operator: 'Equal', value: firstName },
              { field: 'lastName', operator: 'Equal', value: lastName },
            ],
          };
        }),
      ),
    );
    const filter = filterOf({ field: 'fullName', operator: 'Equal', value: 'Frank Herbert' });

    await expect(
      dataSource.getCollection('authors').list(caller, filter, new Projection('id')),
    ).resolves.toEqual([{ id: 1 }]);
  });

  it('places operators of fields existing early on the early layer (usable as relation keys)', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b
          .addField('authorKey', {
            columnType: 'Number',
            dependencies: ['authorId'],
            getValues: r => r.map(x => x.authorId),
          })
          .emulateFieldOperator('authorKey', 'In')
          .addManyToOneRelation('viaKey', 'authors', { foreignKey: 'authorKey' }),
      ),
    );
    const tree = ConditionTreeFactory.fromPlainObject({ field: 'id', operator: 'Equal', value: 4 });

    await expect(
      dataSource
        .getCollection('books')
        .list(
          caller,
          new PaginatedFilter({ conditionTree: tree }),
          new Projection('viaKey:lastName'),
        ),
    ).resolves.toEqual([{ viaKey: { lastName: 'Verne' } }]);
  });

  it('refuses an operator on an unknown field at build', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('authors', a => a.emulateFieldOperator('nope', 'Equal')),
      ),
    ).rejects.toThrow("The 'authors.nope' field was not found.");
  });
});
