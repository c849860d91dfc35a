import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  Sort,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../src/context/customization-context';
import type { ComputedContext } from '../../../src/decorators/computed/computed-definition';
import { caller, createLibrary, spyOnLists } from '../relation/library-fixture';
import { createComputedLayer, fullNameDefinition } from './computed-fixture';

const byId = new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) });

function setup() {
  const source = createLibrary();
  const layer = createComputedLayer(source);

  return { layer, spies: spyOnLists(source) };
}

function label(records: RecordData[]): string[] {
  return records.map(record => `#${String(record.authorId)}`);
}

describe('ComputedCollectionDecorator.list', () => {
  test('computes once per batch on deduplicated inputs and fans the values back', async () => {
    const { layer } = setup();
    const getValues = jest.fn(label);
    layer.getCollection('books').registerComputed('authorLabel', {
      columnType: 'String',
      dependencies: ['authorId'],
      getValues,
    });
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('id', 'authorLabel'));

    expect(records).toEqual([
      { id: 1, authorLabel: '#1' },
      { id: 2, authorLabel: '#2' },
      { id: 3, authorLabel: '#2' },
      { id: 4, authorLabel: '#null' },
      { id: 5, authorLabel: '#99' },
    ]);
    expect(getValues).toHaveBeenCalledTimes(1);
    expect(getValues.mock.calls[0]?.[0]).toEqual([
      { authorId: 1 },
      { authorId: 2 },
      { authorId: null },
      { authorId: 99 },
    ]);
  });

  test('asks the child for the dependencies instead of the computed field', async () => {
    const { layer, spies } = setup();
    layer.getCollection('authors').registerComputed('fullName', fullNameDefinition().definition);
    await layer.getCollection('authors').list(caller, byId, new Projection('id', 'fullName'));

    expect((spies.authors.mock.calls[0]?.[2] as Projection).paths).toEqual([
      'id',
      'firstName',
      'lastName',
    ]);
  });

  test('returns exactly the requested paths (dependencies only read are dropped)', async () => {
    const { layer } = setup();
    layer.getCollection('authors').registerComputed('fullName', fullNameDefinition().definition);
    const records = await layer
      .getCollection('authors')
      .list(caller, byId, new Projection('lastName', 'fullName'));

    expect(records).toEqual([
      { lastName: 'Lovelace', fullName: 'Ada Lovelace' },
      { lastName: 'Turing', fullName: 'Alan Turing' },
      { lastName: 'Hopper', fullName: 'Grace Hopper' },
    ]);
  });

  test('calls nothing when no record matches', async () => {
    const { layer } = setup();
    const { definition, getValues } = fullNameDefinition();
    layer.getCollection('authors').registerComputed('fullName', definition);
    const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 42) });
    const records = await layer
      .getCollection('authors')
      .list(caller, filter, new Projection('fullName'));

    expect(records).toEqual([]);
    expect(getValues).not.toHaveBeenCalled();
  });

  test('forwards lists without computed fields untouched', async () => {
    const { layer, spies } = setup();
    layer.getCollection('authors').registerComputed('fullName', fullNameDefinition().definition);
    const records = await layer.getCollection('authors').list(caller, byId, new Projection('id'));

    expect(records).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect((spies.authors.mock.calls[0]?.[2] as Projection).paths).toEqual(['id']);
  });

  test('computes a field depending on another computed field after it', async () => {
    const { layer } = setup();
    const authors = layer.getCollection('authors');
    authors.registerComputed('fullName', fullNameDefinition().definition);
    const getValues = jest.fn((records: RecordData[]) =>
      records.map(record => String(record.fullName).toUpperCase()),
    );
    authors.registerComputed('shout', {
      columnType: 'String',
      dependencies: ['fullName'],
      getValues,
    });
    const records = await authors.list(caller, byId, new Projection('shout'));

    expect(records).toEqual([
      { shout: 'ADA LOVELACE' },
      { shout: 'ALAN TURING' },
      { shout: 'GRACE HOPPER' },
    ]);
    expect(getValues.mock.calls[0]?.[0]).toEqual([
      { fullName: 'Ada Lovelace' },
      { fullName: 'Alan Turing' },
      { fullName: 'Grace Hopper' },
    ]);
  });

  test('runs independent computed fields concurrently', async () => {
    const { layer } = setup();
    const events: string[] = [];
    const slow = (name: string) => async (records: RecordData[]) => {
      events.push(`${name} start`);
      await new Promise(resolve => setImmediate(resolve));
      events.push(`${name} end`);

      return records.map(() => name);
    };
    const authors = layer.getCollection('authors');
    authors.registerComputed('x', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: slow('x'),
    });
    authors.registerComputed('y', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: slow('y'),
    });
    await authors.list(caller, byId, new Projection('x', 'y'));

    expect(events).toEqual(['x start', 'y start', 'x end', 'y end']);
  });

  test('depends on a native relation path (nested input, null relation kept)', async () => {
    const { layer } = setup();
    const getValues = jest.fn((records: RecordData[]) =>
      records.map(record => (record.publisher as RecordData | null)?.name ?? 'self-published'),
    );
    layer.getCollection('authors').registerComputed('publisherName', {
      columnType: 'String',
      dependencies: ['publisher:name'],
      getValues,
    });
    const records = await layer
      .getCollection('authors')
      .list(caller, byId, new Projection('publisherName'));

    expect(records).toEqual([
      { publisherName: 'Penguin' },
      { publisherName: 'Gallimard' },
      { publisherName: 'self-published' },
    ]);
    expect(getValues.mock.calls[0]?.[0]).toEqual([
      { publisher: { name: 'Penguin' } },
      { publisher: { name: 'Gallimard' } },
      { publisher: null },
    ]);
  });

  test('depends on an emulated relation path', async () => {
    const { layer } = setup();
    layer.getCollection('books').registerComputed('byline', {
      columnType: 'String',
      dependencies: ['title', 'author:lastName'],
      getValues: records =>
        records.map(
          r => `${String(r.title)} by ${String((r.author as RecordData | null)?.lastName ?? '?')}`,
        ),
    });
    const records = await layer.getCollection('books').list(caller, byId, new Projection('byline'));

    expect(records).toEqual([
      { byline: 'Notes by Lovelace' },
      { byline: 'Computing by Turing' },
      { byline: 'Morphogenesis by Turing' },
      { byline: 'Anonymous by ?' },
      { byline: 'Lost by ?' },
    ]);
  });

  test('computes a related computed field; null relations stay null and are not computed', async () => {
    const { layer } = setup();
    const { definition, getValues } = fullNameDefinition();
    layer.getCollection('authors').registerComputed('fullName', definition);
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('id', 'author:fullName'));

    expect(records).toEqual([
      { id: 1, author: { fullName: 'Ada Lovelace' } },
      { id: 2, author: { fullName: 'Alan Turing' } },
      { id: 3, author: { fullName: 'Alan Turing' } },
      { id: 4, author: null },
      { id: 5, author: null },
    ]);
    expect(getValues.mock.calls).toHaveLength(1);
    expect(getValues.mock.calls[0]?.[0]).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Alan', lastName: 'Turing' },
    ]);
  });

  test('gives getValues a collection context on this layer (the owner of the field)', async () => {
    const { layer } = setup();
    const contexts: ComputedContext[] = [];
    layer.getCollection('authors').registerComputed('initials', {
      columnType: 'String',
      dependencies: ['firstName'],
      getValues: (records, context) => {
        contexts.push(context);

        return records.map(r => String(r.firstName).charAt(0));
      },
    });
    await layer.getCollection('books').list(caller, byId, new Projection('author:initials'));
    const [context] = contexts;

    expect(context).toBeInstanceOf(CollectionCustomizationContext);
    expect(context?.collection.name).toBe('authors');
    expect(context?.caller.email).toBe('ada@example.com');
    // This layer: the computed field itself is part of the schema the handler sees.
    expect(context?.collection.schema.fields.initials?.type).toBe('Column');
  });

  test('accepts promises of values and an async getValues', async () => {
    const { layer } = setup();
    layer.getCollection('authors').registerComputed('late', {
      columnType: 'Number',
      dependencies: ['id'],
      getValues: async records => records.map(r => Promise.resolve(Number(r.id) * 10)),
    });
    const records = await layer.getCollection('authors').list(caller, byId, new Projection('late'));

    expect(records).toEqual([{ late: 10 }, { late: 20 }, { late: 30 }]);
  });

  test('a getValues result of the wrong length is a clear error', async () => {
    const { layer } = setup();
    layer.getCollection('books').registerComputed('broken', {
      columnType: 'Number',
      dependencies: ['authorId'],
      getValues: () => [1],
    });

    await expect(
      layer.getCollection('books').list(caller, byId, new Projection('broken')),
    ).rejects.toThrow(
      "Computed field 'books.broken': getValues returned 1 value for 4 records " +
        '(it must return an array with one value per record, in order).',
    );
  });

  test('a getValues result that is not an array is a clear error', async () => {
    const { layer } = setup();
    layer.getCollection('books').registerComputed('broken', {
      columnType: 'Number',
      dependencies: ['id'],
      getValues: () => 'nope' as never,
    });

    await expect(
      layer.getCollection('books').list(caller, byId, new Projection('broken')),
    ).rejects.toThrow(
      "Computed field 'books.broken': getValues returned a non-array for 5 records " +
        '(it must return an array with one value per record, in order).',
    );
  });

  test('passes projection and records untouched while the layer declares no computed field', async () => {
    const layer = createComputedLayer();
    const books = layer.getCollection('books');
    const child = (books as unknown as { child: typeof books }).child;
    const rows = [{ id: 1, title: 'Dune', author: { firstName: 'Frank' } }];
    const spy = jest.spyOn(child, 'list').mockResolvedValue(rows);
    const projection = new Projection('id', 'title', 'author:firstName');

    expect(await books.list(caller, byId, projection)).toBe(rows);
    expect(spy.mock.calls[0]?.[2]).toBe(projection);
  });
});
