import {
  Projection,
  Sort,
  createInMemoryDataSource,
  type ColumnSchema,
  type DataSource,
} from '@grove/datasource-toolkit';
import { DataSourceCustomizer } from '../src/data-source-customizer';
import { buildLibrary, caller, filterOf, list } from './scenarios/library-fixture';

const byId = (id: number) => ({ field: 'id', operator: 'Equal' as const, value: id });
const column = (dataSource: DataSource, collection: string, field: string) =>
  dataSource.getCollection(collection).schema.fields[field] as ColumnSchema;

describe('CollectionCustomizer.addField', () => {
  it('adds a computed field from own columns', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', authors =>
        authors.addField('fullName', {
          columnType: 'String',
          dependencies: ['firstName', 'lastName'],
          getValues: records => records.map(r => `${r.firstName} ${r.lastName}`),
        }),
      ),
    );

    await expect(list(dataSource.getCollection('authors'), ['fullName'], byId(2))).resolves.toEqual(
      [{ fullName: 'Ursula Le Guin' }],
    );
  });

  it('adds a computed field depending on a relation added by the customizer (late layer)', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', authors =>
        authors
          .addOneToManyRelation('books', 'books', { originKey: 'authorId' })
          .addManyToOneRelation('firstBook', 'books', { foreignKey: 'id' })
          .addField('firstBookTitle', {
            columnType: 'String',
            dependencies: ['firstBook:title'],
            getValues: records =>
              records.map(r => (r.firstBook as { title?: string } | null)?.title ?? null),
          }),
      ),
    );

    await expect(
      list(dataSource.getCollection('authors'), ['firstBookTitle'], byId(2)),
    ).resolves.toEqual([{ firstBookTitle: 'The Dispossessed' }]);
  });

  it('fails at build on a computed field without dependencies', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('authors', authors =>
          authors.addField('broken', { columnType: 'String', getValues: () => [] } as never),
        ),
      ),
    ).rejects.toThrow(
      "Computed field 'authors.broken' must have the 'dependencies' parameter defined",
    );
  });

  it('warns that Timeonly is deprecated and stores Time', async () => {
    const logger = jest.fn();
    const dataSource = await buildLibrary(
      c =>
        c.customizeCollection('authors', authors =>
          authors.addField('wakeUp', {
            columnType: 'Timeonly',
            dependencies: ['id'],
            getValues: records => records.map(() => '07:00:00'),
          }),
        ),
      logger,
    );

    expect(dataSource.getCollection('authors').schema.fields.wakeUp).toMatchObject({
      columnType: 'Time',
    });
    expect(logger).toHaveBeenCalledWith(
      'Warn',
      "'authors.wakeUp': the 'Timeonly' column type is deprecated, use 'Time'",
    );
  });

  it('fails at build on an unknown dependency, naming collection and field', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('authors', authors =>
          authors.addField('x', {
            columnType: 'String',
            dependencies: ['nope'],
            getValues: () => [],
          }),
        ),
      ),
    ).rejects.toThrow("The 'authors.nope' field was not found.");
  });
});

describe('CollectionCustomizer.importField', () => {
  const build = (readonly?: boolean) =>
    buildLibrary(c =>
      c.customizeCollection('books', books =>
        books.importField('authorCountry', {
          path: 'author:country',
          ...(readonly === undefined ? {} : { readonly }),
        }),
      ),
    );

  it('copies the value and the schema of the source column', async () => {
    const dataSource = await build();

    await expect(
      list(dataSource.getCollection('books'), ['id', 'authorCountry'], byId(4)),
    ).resolves.toEqual([{ id: 4, authorCountry: 'FR' }]);
    expect(column(dataSource, 'books', 'authorCountry')).toMatchObject({
      columnType: 'String',
      isReadOnly: false,
      isSortable: true,
    });
  });

  it('filters with the operators of the source', async () => {
    const dataSource = await build();
    const tree = { field: 'authorCountry', operator: 'IContains' as const, value: 'f' };

    await expect(list(dataSource.getCollection('books'), ['id'], tree)).resolves.toEqual([
      { id: 4 },
    ]);
  });

  it('sorts by the source path', async () => {
    const dataSource = await build();
    const sort = new Sort(
      { field: 'authorCountry', ascending: true },
      { field: 'id', ascending: true },
    );
    const records = await dataSource
      .getCollection('books')
      .list(caller, filterOf().override({ sort }), new Projection('id'));

    expect(records).toEqual([{ id: 4 }, { id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('writes through the relation', async () => {
    const dataSource = await build();
    await dataSource
      .getCollection('books')
      .update(caller, filterOf(byId(1)), { authorCountry: 'DE' });

    await expect(list(dataSource.getCollection('authors'), ['country'], byId(1))).resolves.toEqual([
      { country: 'DE' },
    ]);
  });

  it('stays read-only when asked', async () => {
    const dataSource = await build(true);

    expect(column(dataSource, 'books', 'authorCountry').isReadOnly).toBe(true);
  });

  it('refuses readonly: false on a read-only source', async () => {
    await expect(
      buildLibrary(c =>
        c
          .customizeCollection('authors', authors =>
            authors.addField('initial', {
              columnType: 'String',
              dependencies: ['firstName'],
              getValues: r => r.map(() => 'x'),
            }),
          )
          .customizeCollection('books', books =>
            books.importField('initial', { path: 'author:initial', readonly: false }),
          ),
      ),
    ).rejects.toThrow(
      `Readonly option should not be false because the field "author:initial" is not writable (imported field 'books.initial')`,
    );
  });

  it('offers only the operators Grove allows when the source filters with more', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => {
        const dataSource = createInMemoryDataSource({
          collections: {
            people: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                email: { type: 'Column', columnType: 'String' },
              },
              records: [{ id: 1, email: 'ada@example.com' }],
            },
            orders: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                personId: { type: 'Column', columnType: 'Number' },
                person: {
                  type: 'ManyToOne',
                  foreignCollection: 'people',
                  foreignKey: 'personId',
                  foreignKeyTarget: 'id',
                },
              },
              records: [{ id: 1, personId: 1 }],
            },
          },
        });
        // Like SQL, which compares strings natively.
        const email = dataSource.getCollection('people').schema.fields.email as ColumnSchema;
        email.filterOperators?.add('LessThan');

        return dataSource;
      })
      .customizeCollection('orders', orders =>
        orders.importField('personEmail', { path: 'person:email' }),
      );
    const dataSource = await customizer.getDataSource();
    const imported = column(dataSource, 'orders', 'personEmail');

    expect(imported.filterOperators?.has('LessThan')).toBe(false);
    expect(imported.filterOperators?.has('IContains')).toBe(true);
  });

  it('refuses a path crossing a to-many relation', async () => {
    await expect(
      buildLibrary(c =>
        c
          .customizeCollection('authors', authors =>
            authors.addOneToManyRelation('books', 'books', { originKey: 'authorId' }),
          )
          .customizeCollection('authors', authors =>
            authors.importField('aTitle', { path: 'books:title' }),
          ),
      ),
    ).rejects.toThrow(
      "Invalid options.path 'books:title' of the imported field 'authors.aTitle': 'authors.books' is a OneToMany relation, only ManyToOne and OneToOne relations can be crossed.",
    );
  });

  it('refuses an unknown path', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('books', books => books.importField('x', { path: 'author:nope' })),
      ),
    ).rejects.toThrow("The 'authors.nope' field was not found.");
  });
});

describe('CollectionCustomizer renameField / removeField', () => {
  it('renames a field in the exported API', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.renameField('title', 'name')),
    );

    await expect(list(dataSource.getCollection('books'), ['name'], byId(1))).resolves.toEqual([
      { name: 'Dune' },
    ]);
  });

  it('removes fields from the exported API, with relations built on them', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.removeField('title', 'authorId')),
    );

    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toEqual(['id', 'year']);
  });

  it('refuses an unknown removed field at build', async () => {
    await expect(
      buildLibrary(c => c.customizeCollection('books', b => b.removeField('titel'))),
    ).rejects.toThrow("The 'books.titel' field was not found.");
  });
});

describe('CollectionCustomizer validation and writing', () => {
  it('adds a validation rule, exported and enforced', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.addFieldValidation('title', 'LongerThan', 2)),
    );

    expect(column(dataSource, 'books', 'title').validation).toEqual([
      { operator: 'LongerThan', value: 2 },
    ]);
    await expect(
      dataSource.getCollection('books').create(caller, [{ title: 'It' }]),
    ).rejects.toThrow("'title' failed validation rule: 'LongerThan(2)'");
  });

  it('marks a field nullable in the exported schema', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', b => b.setFieldNullable('title')),
    );

    expect(column(dataSource, 'books', 'title').allowNull).toBe(true);
  });

  it('replaces the writing of a field by a patch of other fields', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', authors =>
        authors
          .addField('fullName', {
            columnType: 'String',
            dependencies: ['firstName', 'lastName'],
            getValues: records => records.map(r => `${r.firstName} ${r.lastName}`),
          })
          .replaceFieldWriting('fullName', value => {
            const [firstName, lastName] = String(value).split(' ');

            return { firstName, lastName };
          }),
      ),
    );
    const [created] = await dataSource
      .getCollection('authors')
      .create(caller, [{ fullName: 'Isaac Asimov' }]);

    expect(created).toMatchObject({ firstName: 'Isaac', lastName: 'Asimov' });
  });

  it('chooses the binary mode of a field', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () =>
        createInMemoryDataSource({
          collections: {
            files: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                content: { type: 'Column', columnType: 'Binary' },
              },
              records: [{ id: 1, content: Buffer.from('hi') }],
            },
          },
        }),
      )
      .customizeCollection('files', files => files.replaceFieldBinaryMode('content', 'hex'));
    const dataSource = await customizer.getDataSource();

    await expect(list(dataSource.getCollection('files'), ['content'])).resolves.toEqual([
      { content: '6869' },
    ]);
  });
});

describe('CollectionCustomizer.addExternalRelation', () => {
  it('adds an array-of-objects field listed per record, depending on primary keys by default', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', books =>
        books.addExternalRelation('reviews', {
          schema: { stars: 'Number' },
          listRecords: record => [{ stars: Number(record.id) + 1 }],
        }),
      ),
    );

    expect(column(dataSource, 'books', 'reviews').columnType).toEqual([{ stars: 'Number' }]);
    await expect(list(dataSource.getCollection('books'), ['reviews'], byId(2))).resolves.toEqual([
      { reviews: [{ stars: 3 }] },
    ]);
  });
});
