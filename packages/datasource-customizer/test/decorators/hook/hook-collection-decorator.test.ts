import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { HookCollectionDecorator } from '../../../src/decorators/hook/hook-collection-decorator';
import type { HookContexts } from '../../../src/decorators/hook/hook-definition';
import { WriteDataSourceDecorator } from '../../../src/decorators/write/write-data-source-decorator';
import { caller, makeLibrary, readAll } from '../write/library-fixture';

const byId = (id: number): Filter =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

describe('HookCollectionDecorator', () => {
  let source: DataSource;
  let write: WriteDataSourceDecorator;
  let hooks: DataSourceDecorator<HookCollectionDecorator>;

  beforeEach(() => {
    source = makeLibrary();
    write = new WriteDataSourceDecorator(source);
    hooks = new DataSourceDecorator(write, HookCollectionDecorator);
  });

  describe('addHook', () => {
    test('refuses an unknown position', () => {
      expect(() =>
        hooks.getCollection('books').addHook('During' as 'Before', 'List', () => {}),
      ).toThrow("Invalid hook position 'During' on 'books': expected 'Before' or 'After'");
    });

    test('refuses an unknown type', () => {
      expect(() =>
        hooks.getCollection('books').addHook('Before', 'Count' as 'List', () => {}),
      ).toThrow(
        "Invalid hook type 'Count' on 'books': expected one of List, Create, Update, Delete, Aggregate",
      );
    });

    test('refuses a handler that is not a function', () => {
      expect(() => hooks.getCollection('books').addHook('After', 'Delete', null as never)).toThrow(
        "The After Delete hook of 'books' must be a function",
      );
    });
  });

  describe('List', () => {
    test('gives Before hooks the frozen filter and projection', async () => {
      const seen: Array<HookContexts['List']['Before']> = [];
      hooks.getCollection('books').addHook('Before', 'List', context => {
        seen.push(context);
      });
      const filter = new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('id', 'Equal', 1),
      });
      const projection = new Projection('id', 'title');

      await hooks.getCollection('books').list(caller, filter, projection);

      expect(seen[0]?.filter).toBe(filter);
      expect(seen[0]?.projection).toBe(projection);
      expect(Object.isFrozen(seen[0]?.filter)).toBe(true);
      expect(Object.isFrozen(seen[0]?.projection)).toBe(true);
    });

    test('gives After hooks the frozen records', async () => {
      const seen: Array<HookContexts['List']['After']> = [];
      hooks.getCollection('books').addHook('After', 'List', context => {
        seen.push(context);
      });

      const records = await hooks
        .getCollection('books')
        .list(caller, new PaginatedFilter(), new Projection('id'));

      expect(seen[0]?.records).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      expect(Object.isFrozen(seen[0]?.records)).toBe(true);
      expect(records).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });

    test('stops the list when a Before hook throws', async () => {
      hooks.getCollection('books').addHook('Before', 'List', context => {
        context.throwForbiddenError('No listing today');
      });

      await expect(
        hooks.getCollection('books').list(caller, new PaginatedFilter(), new Projection('id')),
      ).rejects.toMatchObject({ code: 'ForbiddenError', message: 'No listing today' });
    });
  });

  describe('Create', () => {
    test('a throwing Before hook prevents the create', async () => {
      hooks.getCollection('books').addHook('Before', 'Create', context => {
        context.throwValidationError('Books need a title');
      });

      await expect(
        hooks.getCollection('books').create(caller, [{ price: 3 }]),
      ).rejects.toMatchObject({ code: 'ValidationError', message: 'Books need a title' });
      expect(await readAll(source.getCollection('books'))).toHaveLength(3);
    });

    test('Before hooks may fill in the records but not replace the array', async () => {
      let frozen = false;
      hooks.getCollection('books').addHook('Before', 'Create', context => {
        frozen = Object.isFrozen(context.data);
        for (const record of context.data) record.status = 'new';
      });

      const [created] = await hooks.getCollection('books').create(caller, [{ title: 'X' }]);

      expect(frozen).toBe(true);
      expect(created).toMatchObject({ title: 'X', status: 'new' });
    });

    test('After hooks receive the data sent and the records created', async () => {
      const seen: unknown[] = [];
      hooks.getCollection('books').addHook('After', 'Create', context => {
        seen.push({ data: context.data, records: context.records });
      });

      await hooks.getCollection('books').create(caller, [{ title: 'Y' }]);

      expect(seen).toEqual([
        {
          data: [{ title: 'Y' }],
          records: [{ id: 4, title: 'Y', price: null, status: null, authorId: null }],
        },
      ]);
    });

    test('a throwing After hook fails the response and rolls the write back', async () => {
      hooks.getCollection('books').addHook('After', 'Create', context => {
        context.throwError('Mail server down');
      });

      await expect(
        hooks.getCollection('books').create(caller, [{ title: 'Z' }]),
      ).rejects.toMatchObject({ code: 'UnprocessableError', message: 'Mail server down' });
      expect(await readAll(source.getCollection('books'))).toHaveLength(3);
    });
  });

  describe('Update', () => {
    test('Before hooks may change the patch', async () => {
      hooks.getCollection('books').addHook('Before', 'Update', context => {
        context.patch.status = 'edited';
      });

      await hooks.getCollection('books').update(caller, byId(1), { price: 1 });

      expect((await readAll(source.getCollection('books')))[0]).toMatchObject({
        price: 1,
        status: 'edited',
      });
    });

    test('a throwing Before hook leaves the data unchanged', async () => {
      hooks.getCollection('books').addHook('Before', 'Update', context => {
        context.throwForbiddenError('Read-only catalogue');
      });

      await expect(
        hooks.getCollection('books').update(caller, byId(1), { price: 1 }),
      ).rejects.toThrow('Read-only catalogue');
      expect((await readAll(source.getCollection('books')))[0]).toMatchObject({ price: 10 });
    });

    test('After hooks receive the filter and patch', async () => {
      const seen: unknown[] = [];
      const filter = byId(2);
      hooks.getCollection('books').addHook('After', 'Update', context => {
        seen.push({ filter: context.filter, patch: context.patch });
      });

      await hooks.getCollection('books').update(caller, filter, { price: 2 });

      expect(seen).toEqual([{ filter, patch: { price: 2 } }]);
    });
  });

  describe('Delete', () => {
    test('a throwing Before hook prevents the delete', async () => {
      hooks.getCollection('books').addHook('Before', 'Delete', context => {
        context.throwError('Archive instead');
      });

      await expect(hooks.getCollection('books').delete(caller, byId(1))).rejects.toThrow(
        'Archive instead',
      );
      expect(await readAll(source.getCollection('books'))).toHaveLength(3);
    });

    test('runs Before and After hooks around the delete with the frozen filter', async () => {
      const seen: unknown[] = [];
      const filter = byId(3);
      const books = hooks.getCollection('books');
      books.addHook('Before', 'Delete', async context => {
        seen.push(['before', context.filter === filter, Object.isFrozen(context.filter)]);
        seen.push(['count', (await readAll(source.getCollection('books'))).length]);
      });
      books.addHook('After', 'Delete', async context => {
        seen.push(['after', context.filter === filter]);
        seen.push(['count', (await readAll(source.getCollection('books'))).length]);
      });

      await books.delete(caller, filter);

      expect(seen).toEqual([
        ['before', true, true],
        ['count', 3],
        ['after', true],
        ['count', 2],
      ]);
    });
  });

  describe('Aggregate', () => {
    test('gives Before hooks the filter, aggregation and limit', async () => {
      const seen: unknown[] = [];
      const filter = new Filter();
      const aggregation = new Aggregation({ operation: 'Sum', field: 'price' });
      hooks.getCollection('books').addHook('Before', 'Aggregate', context => {
        seen.push([context.filter, context.aggregation, context.limit]);
      });

      await hooks.getCollection('books').aggregate(caller, filter, aggregation, 5);

      expect(seen).toEqual([[filter, aggregation, 5]]);
    });

    test('gives After hooks the aggregate result', async () => {
      const seen: unknown[] = [];
      hooks.getCollection('books').addHook('After', 'Aggregate', context => {
        seen.push(context.aggregateResult);
      });

      const result = await hooks
        .getCollection('books')
        .aggregate(caller, new Filter(), new Aggregation({ operation: 'Sum', field: 'price' }));

      expect(result).toEqual([{ value: 27, group: {} }]);
      expect(seen).toEqual([[{ value: 27, group: {} }]]);
    });
  });

  describe('several hooks', () => {
    test('run in registration order, awaited, with the same context', async () => {
      const order: string[] = [];
      const contexts: unknown[] = [];
      const books = hooks.getCollection('books');
      books.addHook('Before', 'Create', async context => {
        await new Promise(resolve => setTimeout(resolve, 5));
        order.push('first');
        contexts.push(context);
      });
      books.addHook('Before', 'Create', context => {
        order.push('second');
        contexts.push(context);
      });

      await books.create(caller, [{ title: 'Ordered' }]);

      expect(order).toEqual(['first', 'second']);
      expect(contexts[0]).toBe(contexts[1]);
    });

    test('a throw stops the chain', async () => {
      const order: string[] = [];
      const books = hooks.getCollection('books');
      books.addHook('Before', 'Delete', () => {
        order.push('first');
        throw new Error('stop');
      });
      books.addHook('Before', 'Delete', () => {
        order.push('second');
      });

      await expect(books.delete(caller, byId(1))).rejects.toThrow('stop');
      expect(order).toEqual(['first']);
    });
  });

  describe('handler collection', () => {
    test('is the layer below: writes from a hook do not trigger hooks again', async () => {
      let calls = 0;
      const books = hooks.getCollection('books');
      books.addHook('After', 'Create', async context => {
        calls += 1;
        await context.collection.create([{ title: `${String(context.records[0]?.title)} (copy)` }]);
      });

      await books.create(caller, [{ title: 'Original' }]);

      expect(calls).toBe(1);
      expect((await readAll(source.getCollection('books'))).map(({ title }) => title)).toEqual([
        'Foundation',
        'Earthsea',
        'Anonymous',
        'Original',
        'Original (copy)',
      ]);
    });

    test('writes through write replacement', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', value => {
        const [firstName, lastName] = String(value).split(' ');

        return { firstName, lastName };
      });
      hooks.getCollection('books').addHook('After', 'Update', async context => {
        await context.dataSource.getCollection('authors').update(
          { conditionTree: { field: 'id', operator: 'Equal', value: 1 } },
          {
            fullName: 'Isaac Asimov-Edited',
          },
        );
      });

      await hooks.getCollection('books').update(caller, byId(1), { price: 9 });

      expect((await readAll(source.getCollection('authors')))[0]).toMatchObject({
        lastName: 'Asimov-Edited',
      });
    });
  });
});
