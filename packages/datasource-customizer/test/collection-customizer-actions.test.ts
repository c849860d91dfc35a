import { Filter, type RecordData } from '@grove/datasource-toolkit';
import type { Plugin } from '../src/plugins/plugin';
import { buildLibrary, caller, filterOf, list } from './scenarios/library-fixture';

const byId = (id: number) => ({ field: 'id', operator: 'Equal' as const, value: id });

describe('CollectionCustomizer actions and charts', () => {
  it('adds an action executed with its context', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addAction('Describe', {
          scope: 'Single',
          execute: async (context, resultBuilder) => {
            const record = await context.getRecord(['title', 'author:lastName']);

            return resultBuilder.success(
              `${String(record.title)} by ${String((record.author as RecordData).lastName)}`,
            );
          },
        }),
      ),
    );
    const books = dataSource.getCollection('books');

    expect(books.schema.actions.Describe).toMatchObject({ scope: 'Single' });
    await expect(books.execute(caller, 'Describe', {}, filterOf(byId(1)))).resolves.toMatchObject({
      type: 'Success',
      message: 'Dune by Herbert',
    });
  });

  it('adds a collection chart', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addChart('yearOf', async (context, resultBuilder) => {
          const record = await context.getRecord(['year']);

          return resultBuilder.value(Number(record.year));
        }),
      ),
    );
    const books = dataSource.getCollection('books');

    expect(books.schema.charts).toEqual(['yearOf']);
    await expect(books.renderChart(caller, 'yearOf', [2])).resolves.toEqual({ countCurrent: 1974 });
  });

  it('adds a data-source chart', async () => {
    const dataSource = await buildLibrary(c =>
      c.addChart('bookCount', async (context, resultBuilder) => {
        const rows = await context.dataSource
          .getCollection('books')
          .aggregate({}, { operation: 'Count' });

        return resultBuilder.value(Number(rows[0]?.value));
      }),
    );

    expect(dataSource.schema.charts).toEqual(['bookCount']);
    await expect(dataSource.renderChart(caller, 'bookCount')).resolves.toEqual({ countCurrent: 4 });
  });
});

describe('CollectionCustomizer hooks', () => {
  it('runs a Before hook that may refuse the operation', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addHook('Before', 'Delete', context => context.throwForbiddenError('Books are forever')),
      ),
    );

    await expect(dataSource.getCollection('books').delete(caller, new Filter())).rejects.toThrow(
      'Books are forever',
    );
    await expect(list(dataSource.getCollection('books'), ['id'])).resolves.toHaveLength(4);
  });

  it('runs an After hook with the result', async () => {
    const seen: unknown[] = [];
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.addHook('After', 'List', context => {
          seen.push(context.records);
        }),
      ),
    );
    await list(dataSource.getCollection('books'), ['id'], byId(2));

    expect(seen).toEqual([[{ id: 2 }]]);
  });
});

describe('CollectionCustomizer overrides', () => {
  it('overrides create', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.overrideCreate(({ data }) => data.map(r => ({ ...r, id: 42 }))),
      ),
    );

    await expect(
      dataSource.getCollection('books').create(caller, [{ title: 'Solaris' }]),
    ).resolves.toEqual([{ id: 42, title: 'Solaris' }]);
    await expect(list(dataSource.getCollection('books'), ['id'])).resolves.toHaveLength(4);
  });

  it('overrides update with the filter and the patch', async () => {
    const calls: unknown[] = [];
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.overrideUpdate(({ filter, patch }) => {
          calls.push([filter.conditionTree?.toJSON(), patch]);
        }),
      ),
    );
    await dataSource.getCollection('books').update(caller, filterOf(byId(1)), { title: 'X' });

    expect(calls).toEqual([[byId(1), { title: 'X' }]]);
  });

  it('overrides delete', async () => {
    const calls: unknown[] = [];
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b =>
        b.overrideDelete(({ filter }) => {
          calls.push(filter.conditionTree?.toJSON());
        }),
      ),
    );
    await dataSource.getCollection('books').delete(caller, filterOf(byId(3)));

    expect(calls).toEqual([byId(3)]);
    await expect(list(dataSource.getCollection('books'), ['id'])).resolves.toHaveLength(4);
  });
});

describe('CollectionCustomizer.use', () => {
  it('gives the plugin both customizers, the options and the logger', async () => {
    const logger = jest.fn();
    const calls: unknown[] = [];
    const plugin: Plugin<{ suffix: string }> = (dataSource, collection, options, log) => {
      calls.push([dataSource.constructor.name, collection?.name, options, log === logger]);
      collection?.renameField('title', `title${options.suffix}`);
    };
    const dataSource = await buildLibrary(
      c => c.customizeCollection('books', b => b.use(plugin, { suffix: 'X' })),
      logger,
    );

    expect(calls).toEqual([['DataSourceCustomizer', 'books', { suffix: 'X' }, true]]);
    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toContain('titleX');
  });
});
