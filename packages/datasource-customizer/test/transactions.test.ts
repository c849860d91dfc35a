import {
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  createInMemoryDataSource,
  type Caller,
  type DataSource,
  type InMemoryDataSourceDefinition,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CompositeDataSource } from '../src/decorators/composite/composite-data-source';
import { DataSourceCustomizer } from '../src/data-source-customizer';

const caller = { id: 1, timezone: 'UTC' } as Caller;

/** authors ← books (authorId), authors ← profiles (authorId, 1-1), logs: plain rows. */
function definition(): InMemoryDataSourceDefinition {
  const id = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;
  const text = { type: 'Column', columnType: 'String' } as const;
  const number = { type: 'Column', columnType: 'Number' } as const;

  return {
    collections: {
      authors: { fields: { id, name: text }, records: [{ id: 1, name: 'Frank' }] },
      books: {
        fields: { id, title: text, authorId: number },
        records: [{ id: 1, title: 'Dune', authorId: 1 }],
      },
      profiles: { fields: { id, bio: text, authorId: number }, records: [{ id: 1, authorId: 1 }] },
      logs: { fields: { id, message: text }, records: [{ id: 1, message: 'first' }] },
    },
  };
}

async function build(
  customize: (customizer: DataSourceCustomizer) => void = () => undefined,
): Promise<{ source: DataSource; top: DataSource }> {
  const source = createInMemoryDataSource(definition());
  const customizer = new DataSourceCustomizer().addDataSource(async () => source);
  customizer
    .getCollection('books')
    .addManyToOneRelation('author', 'authors', { foreignKey: 'authorId' });
  customizer
    .getCollection('authors')
    .addOneToOneRelation('profile', 'profiles', { originKey: 'authorId' });
  customize(customizer);

  return { source, top: await customizer.getDataSource() };
}

/** Every row of every collection of the raw source. */
async function rows(source: DataSource): Promise<Record<string, RecordData[]>> {
  const entries = await Promise.all(
    source.collections.map(async collection => {
      const columns = Object.keys(collection.schema.fields);
      const records = await collection.list(
        caller,
        new PaginatedFilter(),
        new Projection(...columns),
      );

      return [collection.name, records] as const;
    }),
  );

  return Object.fromEntries(entries);
}

const byId = (id: number) =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

describe('multi-step writes are atomic', () => {
  it('create with a nested ManyToOne: the related record is rolled back when the parent fails', async () => {
    const { source, top } = await build();
    const before = await rows(source);

    await expect(
      top.getCollection('books').create(caller, [{ id: 1, title: 'Twice', author: { name: 'X' } }]),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });

  it('create with a nested OneToOne: the parent is rolled back when the child fails', async () => {
    const { source, top } = await build();
    const before = await rows(source);

    await expect(
      top.getCollection('authors').create(caller, [{ name: 'Ursula', profile: { id: 1 } }]),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });

  it('update through a relation: the columns are rolled back when the relation write fails', async () => {
    const { source, top } = await build();
    await top.getCollection('profiles').delete(caller, byId(1));
    const before = await rows(source);

    // Author 1 has no profile any more: the update creates one, with a taken id (book 1's).
    await top.getCollection('profiles').create(caller, [{ id: 2, bio: 'taken', authorId: null }]);
    const withTaken = await rows(source);
    await expect(
      top.getCollection('authors').update(caller, byId(1), { name: 'Renamed', profile: { id: 2 } }),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(withTaken);
    expect(withTaken.authors).toEqual(before.authors);
  });

  it('replaceFieldWriting: a handler write is rolled back when the main write fails', async () => {
    const { source, top } = await build(customizer => {
      customizer
        .getCollection('books')
        .addField('label', {
          columnType: 'String',
          dependencies: ['title'],
          getValues: records => records.map(record => String(record.title)),
        })
        .replaceFieldWriting('label', async (value, context) => {
          await context.dataSource.getCollection('logs').create([{ message: `label ${value}` }]);

          return { title: value };
        });
    });
    const before = await rows(source);

    await expect(
      top.getCollection('books').create(caller, [{ id: 1, label: 'Duplicate id' }]),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });

  it('override: the first write of a handler is rolled back when its second fails', async () => {
    const { source, top } = await build(customizer => {
      customizer.getCollection('books').overrideCreate(async context => {
        await context.dataSource.getCollection('logs').create([{ message: 'creating' }]);

        return context.collection.create(context.data);
      });
    });
    const before = await rows(source);

    await expect(
      top.getCollection('books').create(caller, [{ id: 1, title: 'Duplicate id' }]),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });

  it('After hook: the write is rolled back when a write of the hook fails', async () => {
    const { source, top } = await build(customizer => {
      customizer.getCollection('books').addHook('After', 'Update', async context => {
        await context.dataSource.getCollection('logs').create([{ id: 1, message: 'taken id' }]);
      });
    });
    const before = await rows(source);

    await expect(
      top.getCollection('books').update(caller, byId(1), { title: 'Renamed' }),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });

  it('exposes transaction on the customized data source and on handler contexts', async () => {
    const { source, top } = await build();
    const before = await rows(source);

    await expect(
      top.transaction(async () => {
        await top.getCollection('logs').create(caller, [{ message: 'second' }]);
        await top.getCollection('authors').create(caller, [{ id: 1, name: 'Duplicate' }]);
      }),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(source)).toEqual(before);
  });
});

describe('CompositeDataSource: transaction', () => {
  it('opens one transaction per data source and rolls each back', async () => {
    const first = createInMemoryDataSource({
      collections: {
        a: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
      },
    });
    const second = createInMemoryDataSource({
      collections: {
        b: {
          fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } },
          records: [{ id: 1 }],
        },
      },
    });
    const composite = new CompositeDataSource();
    composite.addDataSource(first);
    composite.addDataSource(second);

    await expect(
      composite.transaction(async () => {
        await composite.getCollection('a').create(caller, [{ id: 1 }]);
        await composite.getCollection('b').create(caller, [{ id: 2 }]);
        await composite.getCollection('b').create(caller, [{ id: 1 }]);
      }),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await rows(first)).toEqual({ a: [] });
    expect(await rows(second)).toEqual({ b: [{ id: 1 }] });
    await expect(composite.transaction(async () => 'done')).resolves.toBe('done');
  });
});
