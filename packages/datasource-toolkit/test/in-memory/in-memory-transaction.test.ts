import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { Filter } from '../../src/query/filter';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Projection } from '../../src/query/projection';
import { BaseDataSource } from '../../src/base/base-data-source';
import type { DataSource } from '../../src/interfaces/data-source';
import { caller, library } from './library';

async function titles(dataSource: DataSource): Promise<unknown[]> {
  const books = await dataSource
    .getCollection('books')
    .list(caller, new PaginatedFilter(), new Projection('id', 'title'));

  return books.map(book => book.title);
}

async function authorNames(dataSource: DataSource): Promise<unknown[]> {
  const authors = await dataSource
    .getCollection('authors')
    .list(caller, new PaginatedFilter(), new Projection('name'));

  return authors.map(author => author.name);
}

const byId = (id: number) =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

describe('in-memory data source: transaction', () => {
  it('commits the writes of its work and returns its result', async () => {
    const dataSource = library();
    const result = await dataSource.transaction(async () => {
      await dataSource.getCollection('authors').create(caller, [{ name: 'Iain Banks' }]);
      await dataSource.getCollection('books').update(caller, byId(1), { title: 'Dune (2nd)' });

      return 'done';
    });

    expect(result).toBe('done');
    expect(await authorNames(dataSource)).toContain('Iain Banks');
    expect(await titles(dataSource)).toContain('Dune (2nd)');
  });

  it('rolls back every collection written when the work throws, and rethrows', async () => {
    const dataSource = library();
    const before = { titles: await titles(dataSource), authors: await authorNames(dataSource) };
    const failure = new Error('second step failed');

    await expect(
      dataSource.transaction(async () => {
        await dataSource.getCollection('authors').create(caller, [{ name: 'Iain Banks' }]);
        await dataSource.getCollection('books').delete(caller, byId(2));
        await dataSource.getCollection('books').update(caller, byId(1), { title: 'Renamed' });
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await titles(dataSource)).toEqual(before.titles);
    expect(await authorNames(dataSource)).toEqual(before.authors);
  });

  it('rolls back the first write when the second one is refused (a duplicate key)', async () => {
    const dataSource = library();
    await expect(
      dataSource.transaction(async () => {
        await dataSource.getCollection('authors').create(caller, [{ name: 'Iain Banks' }]);
        await dataSource.getCollection('books').create(caller, [{ id: 1, title: 'Duplicate' }]);
      }),
    ).rejects.toMatchObject({ code: 'ConflictError' });

    expect(await authorNames(dataSource)).toEqual(['Frank Herbert', 'Ursula Le Guin']);
  });

  it('joins an outer transaction: the outer failure undoes the inner, committed work', async () => {
    const dataSource = library();
    await expect(
      dataSource.transaction(async () => {
        await dataSource.transaction(() =>
          dataSource.getCollection('authors').create(caller, [{ name: 'Inner' }]),
        );
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');

    expect(await authorNames(dataSource)).not.toContain('Inner');
  });

  it('joins from nested async code started inside the work', async () => {
    const dataSource = library();
    const authors = dataSource.getCollection('authors');
    await expect(
      dataSource.transaction(async () => {
        await Promise.all([
          new Promise(resolve => setTimeout(resolve, 1)).then(() =>
            authors.create(caller, [{ name: 'From a timer' }]),
          ),
          authors.create(caller, [{ name: 'Direct' }]),
        ]);
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');

    expect(await authorNames(dataSource)).toEqual(['Frank Herbert', 'Ursula Le Guin']);
  });

  it('never loses a write made concurrently by a rollback', async () => {
    const dataSource = library();
    const authors = dataSource.getCollection('authors');
    let started: () => void = () => undefined;
    const inside = new Promise<void>(resolve => (started = resolve));
    let finish: () => void = () => undefined;
    const gate = new Promise<void>(resolve => (finish = resolve));

    const failing = dataSource.transaction(async () => {
      await authors.create(caller, [{ name: 'Rolled back' }]);
      started();
      await gate;
      throw new Error('failed');
    });
    await inside;
    const concurrent = authors.create(caller, [{ name: 'Concurrent' }]);
    finish();

    await expect(failing).rejects.toThrow('failed');
    await expect(concurrent).resolves.toHaveLength(1);
    expect(await authorNames(dataSource)).toEqual([
      'Frank Herbert',
      'Ursula Le Guin',
      'Concurrent',
    ]);
  });

  it('keeps the store usable after a write that failed outside any transaction', async () => {
    const dataSource = library();
    const books = dataSource.getCollection('books');
    await expect(books.create(caller, [{ id: 1, title: 'Duplicate' }])).rejects.toMatchObject({
      code: 'ConflictError',
    });
    await books.create(caller, [{ title: 'After' }]);

    expect(await titles(dataSource)).toContain('After');
  });
});

describe('BaseDataSource: transaction', () => {
  it('runs the work as is (not atomic) and returns its result', async () => {
    const dataSource = new BaseDataSource();

    await expect(dataSource.transaction(async () => 42)).resolves.toBe(42);
    await expect(
      dataSource.transaction(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
