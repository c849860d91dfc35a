import {
  Filter,
  createInMemoryDataSource,
  type DataSource,
  type Logger,
} from '@grove/datasource-toolkit';
import { DataSourceCustomizer } from '../src/data-source-customizer';
import type { Plugin } from '../src/plugins/plugin';
import { caller, createLibrary, libraryDefinition, list } from './scenarios/library-fixture';

const names = (dataSource: DataSource) => dataSource.collections.map(c => c.name);
const shelves = async () =>
  createInMemoryDataSource({
    collections: {
      shelves: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
    },
  });

describe('DataSourceCustomizer.addDataSource', () => {
  it('exposes every collection of the data source', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .getDataSource();

    expect(names(dataSource)).toEqual(['authors', 'books', 'tags', 'bookTags']);
  });

  it('merges several data sources', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .addDataSource(shelves)
      .getDataSource();

    expect(names(dataSource)).toEqual(['authors', 'books', 'tags', 'bookTags', 'shelves']);
  });

  it('refuses two data sources with the same collection', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .addDataSource(async () => createLibrary());

    await expect(customizer.getDataSource()).rejects.toThrow("Collection 'authors' already exists");
  });

  it('keeps the included collections only, really removing the others', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary(), { include: ['books', 'tags'] })
      .getDataSource();

    expect(names(dataSource)).toEqual(['books', 'tags']);
    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toEqual([
      'id',
      'title',
      'year',
      'authorId',
    ]);
    expect(() => dataSource.getCollection('authors')).toThrow(
      "Collection 'authors' not found. List of available collections: books, tags",
    );
  });

  it('drops the excluded collections', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary(), { exclude: ['bookTags'] })
      .getDataSource();

    expect(names(dataSource)).toEqual(['authors', 'books', 'tags']);
  });

  it('refuses an unknown included collection with the data source message', async () => {
    const customizer = new DataSourceCustomizer().addDataSource(async () => createLibrary(), {
      include: ['book'],
    });

    await expect(customizer.getDataSource()).rejects.toThrow(
      "Collection 'book' not found. List of available collections: authors, bookTags, books, tags",
    );
  });

  it('renames collections with a map, for every customization too', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary(), { rename: { authors: 'writers' } })
      .customizeCollection('writers', writers => writers.renameField('lastName', 'surname'))
      .getDataSource();

    expect(names(dataSource)).toEqual(['writers', 'books', 'tags', 'bookTags']);
    await expect(
      list(dataSource.getCollection('books'), ['author:surname'], {
        field: 'id',
        operator: 'Equal',
        value: 1,
      }),
    ).resolves.toEqual([{ author: { surname: 'Herbert' } }]);
  });

  it('renames collections with a function', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary(), {
        rename: name => (name === 'tags' ? 'labels' : null),
      })
      .getDataSource();

    expect(names(dataSource)).toEqual(['authors', 'books', 'labels', 'bookTags']);
  });

  it('renames after filtering, with original names in include', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary(), {
        include: ['authors'],
        rename: { authors: 'writers' },
      })
      .getDataSource();

    expect(names(dataSource)).toEqual(['writers']);
  });

  it('refuses an unknown renamed collection', async () => {
    const customizer = new DataSourceCustomizer().addDataSource(async () => createLibrary(), {
      rename: { author: 'writers' },
    });

    await expect(customizer.getDataSource()).rejects.toThrow(
      "Collection 'author' not found. List of available collections: authors, bookTags, books, tags",
    );
  });

  it('refuses a renaming onto an existing name', async () => {
    const customizer = new DataSourceCustomizer().addDataSource(async () => createLibrary(), {
      rename: { authors: 'books' },
    });

    await expect(customizer.getDataSource()).rejects.toThrow(
      'The given new collection name "books" is already defined',
    );
  });
});

describe('DataSourceCustomizer.removeCollection', () => {
  it('hides the collection from the exported API', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .removeCollection('bookTags', 'tags')
      .getDataSource();

    expect(names(dataSource)).toEqual(['authors', 'books']);
    expect(() => dataSource.getCollection('tags')).toThrow('Collection "tags" was removed.');
  });

  it('leaves the collection usable by customization code', async () => {
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .removeCollection('authors')
      .customizeCollection('books', books =>
        books.addField('authorCountry', {
          columnType: 'String',
          dependencies: ['authorId'],
          getValues: async (records, context) => {
            const authors = await context.dataSource
              .getCollection('authors')
              .list({}, ['id', 'country']);

            return records.map(r => authors.find(a => a.id === r.authorId)?.country ?? null);
          },
        }),
      )
      .getDataSource();

    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toEqual([
      'id',
      'title',
      'year',
      'authorId',
      'authorCountry',
    ]);
    await expect(
      list(dataSource.getCollection('books'), ['authorCountry'], {
        field: 'id',
        operator: 'Equal',
        value: 4,
      }),
    ).resolves.toEqual([{ authorCountry: 'FR' }]);
  });

  it('refuses an unknown collection at build', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .removeCollection('bookz');

    await expect(customizer.getDataSource()).rejects.toThrow(
      "Collection 'bookz' not found. List of available collections: authors, bookTags, books, tags",
    );
  });
});

describe('DataSourceCustomizer.customizeCollection', () => {
  it('calls the handler right away', () => {
    const seen: string[] = [];
    new DataSourceCustomizer().customizeCollection('books', books => seen.push(books.name));

    expect(seen).toEqual(['books']);
  });

  it('fails at build on an unknown collection', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .customizeCollection('bookz', () => {});

    await expect(customizer.getDataSource()).rejects.toThrow(
      "Collection 'bookz' not found. List of available collections: authors, bookTags, books, tags",
    );
  });
});

describe('DataSourceCustomizer lookups', () => {
  it('lists collection customizers and reads schemas once built', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .removeCollection('tags');
    await customizer.getDataSource();

    // Removed collections are still there for customization code.
    expect(customizer.collections.map(c => c.name)).toEqual([
      'authors',
      'books',
      'tags',
      'bookTags',
    ]);
    expect(customizer.schema).toEqual({ charts: [] });
    expect(Object.keys(customizer.getCollection('tags').schema.fields)).toEqual(['id', 'label']);
  });

  it('finds a collection customizer, or undefined', async () => {
    const customizer = new DataSourceCustomizer().addDataSource(async () => createLibrary());
    await customizer.getDataSource();

    expect(customizer.findCollection('books')?.name).toBe('books');
    expect(customizer.findCollection('bookz')).toBeUndefined();
  });

  it('shows original names to customization code after renameField', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .customizeCollection('books', books => books.renameField('title', 'name'));
    const dataSource = await customizer.getDataSource();

    expect(Object.keys(customizer.getCollection('books').schema.fields)).toContain('title');
    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toContain('name');
  });
});

describe('DataSourceCustomizer.use', () => {
  it('gives the plugin the customizer, null, the options and the logger', async () => {
    const logger: Logger = jest.fn();
    const plugin = jest.fn<void, Parameters<Plugin<{ tag: string }>>>();
    const customizer = new DataSourceCustomizer().use(plugin, { tag: 'x' });
    await customizer.getDataSource(logger);

    expect(plugin).toHaveBeenCalledWith(customizer, null, { tag: 'x' }, logger);
  });

  it('runs customizations queued by plugins right after them, depth-first (1,2,3,4,5)', async () => {
    const order: number[] = [];
    const inner: Plugin = dataSource => {
      order.push(2);
      dataSource.customizeCollection('books', books =>
        books.use(() => {
          order.push(3);
        }),
      );
    };
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .use(dataSource => {
        order.push(1);
        dataSource.use(inner);
        dataSource.use(() => {
          order.push(4);
        });
      })
      .use(() => {
        order.push(5);
      });
    await customizer.getDataSource();

    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('DataSourceCustomizer builds', () => {
  it('replays every customization from scratch on a rebuild, factories included', async () => {
    const factory = jest.fn(async () => createInMemoryDataSource(libraryDefinition));
    const plugin = jest.fn();
    const customizer = new DataSourceCustomizer().addDataSource(factory).use(plugin);
    const first = await customizer.getDataSource();
    await first.getCollection('books').delete(caller, new Filter());
    const second = await customizer.getDataSource();

    expect([factory.mock.calls.length, plugin.mock.calls.length]).toEqual([2, 2]);
    expect(second).not.toBe(first);
    await expect(list(first.getCollection('books'), ['id'])).resolves.toEqual([]);
    await expect(list(second.getCollection('books'), ['id'])).resolves.toHaveLength(4);
  });

  it('passes the logger and restart callback to factories, and serves as a factory', async () => {
    const restart = jest.fn(async () => {});
    const logger: Logger = jest.fn();
    const factory = jest.fn(async () => createLibrary());
    const dataSource = await new DataSourceCustomizer().addDataSource(factory).getFactory()(
      logger,
      restart,
    );

    expect(factory).toHaveBeenCalledWith(logger, restart);
    expect(names(dataSource)).toEqual(['authors', 'books', 'tags', 'bookTags']);
  });

  it('keeps the previous data source when a rebuild fails, logging the error', async () => {
    let fail = false;
    const logger = jest.fn();
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createLibrary())
      .use(() => {
        if (fail) throw new Error('boom');
      });
    const first = await customizer.getDataSource(logger);
    fail = true;
    const second = await customizer.getDataSource(logger);

    expect(second).toBe(first);
    expect(logger).toHaveBeenCalledWith(
      'Error',
      'Agent failed to restart with the new configuration. Retaining the previous one.\n  Error: boom',
      new Error('boom'),
    );
  });

  it('skips customizations on missing schema elements when asked, with a warning', async () => {
    const logger = jest.fn();
    const customizer = new DataSourceCustomizer({ ignoreMissingSchemaElementErrors: true })
      .addDataSource(async () => createLibrary())
      .customizeCollection('books', books =>
        books.renameField('titel', 'name').renameField('year', 'published'),
      );
    const dataSource = await customizer.getDataSource(logger);

    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toEqual([
      'id',
      'title',
      'published',
      'authorId',
      'author',
    ]);
    expect(logger.mock.calls.map(call => call.slice(0, 2))).toEqual([
      [
        'Warn',
        "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct. (customization skipped)",
      ],
    ]);
  });

  it('does not skip other errors when ignoring missing schema elements', async () => {
    const customizer = new DataSourceCustomizer({ ignoreMissingSchemaElementErrors: true })
      .addDataSource(async () => createLibrary())
      .customizeCollection('books', books => books.removeField('id'));

    await expect(customizer.getDataSource()).rejects.toThrow("Cannot hide primary key: 'books.id'");
  });
});
