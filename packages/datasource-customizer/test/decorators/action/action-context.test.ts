import { ConditionTreeLeaf, Filter, isGroveError } from '@grove/datasource-toolkit';
import type { ActionContext } from '../../../src/decorators/action/action-context';
import type { ActionContextSingle } from '../../../src/decorators/action/action-context-single';
import { caller, setup } from './action-fixture';

const byIds = (...ids: number[]) =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', ids) });

/** Runs a Bulk action on `filter` and returns what `handler` computed from its context. */
async function withBulkContext<T>(
  filter: Filter,
  handler: (context: ActionContext) => Promise<T>,
  collection: 'books' | 'ratings' = 'books',
): Promise<T> {
  const layers = setup();
  let result: T | undefined;
  layers[collection].addAction('Go', {
    scope: 'Bulk',
    execute: async context => void (result = await handler(context)),
  });
  await layers[collection].execute(caller, 'Go', {}, filter);

  return result as T;
}

async function withSingleContext<T>(
  filter: Filter,
  handler: (context: ActionContextSingle) => Promise<T>,
  collection: 'books' | 'ratings' = 'books',
): Promise<T> {
  const layers = setup();
  let result: T | undefined;
  layers[collection].addAction('Go', {
    scope: 'Single',
    execute: async context => void (result = await handler(context)),
  });
  await layers[collection].execute(caller, 'Go', {}, filter);

  return result as T;
}

describe('ActionContext.getRecords', () => {
  it('reads the selected records with the given fields, relations included', async () => {
    const records = await withBulkContext(byIds(1, 3), context =>
      context.getRecords(['title', 'author:name']),
    );

    expect(records).toEqual([
      { title: 'Dune', author: { name: 'Frank Herbert' } },
      { title: 'Earthsea', author: { name: 'Ursula Le Guin' } },
    ]);
  });

  it('applies the search of the filter', async () => {
    const records = await withBulkContext(new Filter({ search: 'children' }), context =>
      context.getRecords(['id']),
    );

    expect(records).toEqual([{ id: 2 }]);
  });

  it('returns an empty list when nothing matches', async () => {
    await expect(
      withBulkContext(byIds(99), context => context.getRecords(['id'])),
    ).resolves.toEqual([]);
  });

  it('refuses an unknown field', async () => {
    await expect(
      withBulkContext(byIds(1), context => context.getRecords(['nope'])),
    ).rejects.toThrow("The 'books.nope' field was not found.");
  });

  it('refuses a relation where a column is expected', async () => {
    await expect(
      withBulkContext(byIds(1), context => context.getRecords(['author'])),
    ).rejects.toThrow(
      "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
    );
  });

  it('batches calls made in the same tick into one list with the union of fields', async () => {
    const { books, rawBooks } = setup();
    const list = jest.spyOn(rawBooks, 'list');
    let results: unknown[] = [];
    books.addAction('Go', {
      scope: 'Bulk',
      execute: async context => {
        results = await Promise.all([
          context.getRecords(['title']),
          context.getRecords(['price', 'author:name']),
          context.getRecordIds(),
        ]);
      },
    });
    await books.execute(caller, 'Go', {}, byIds(1));

    expect(list).toHaveBeenCalledTimes(1);
    expect([...(list.mock.calls[0]?.[2] ?? [])]).toEqual(['title', 'price', 'author:name', 'id']);
    expect(results).toEqual([
      [{ title: 'Dune' }],
      [{ price: 10, author: { name: 'Frank Herbert' } }],
      [1],
    ]);
  });

  it('does not batch calls made after an await', async () => {
    const { books, rawBooks } = setup();
    const list = jest.spyOn(rawBooks, 'list');
    books.addAction('Go', {
      scope: 'Bulk',
      execute: async context => {
        await context.getRecords(['title']);
        await context.getRecords(['price']);
      },
    });
    await books.execute(caller, 'Go', {}, byIds(1));

    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe('ActionContext record ids', () => {
  it('lists the first primary key of each selected record', async () => {
    await expect(withBulkContext(byIds(3, 1), context => context.getRecordIds())).resolves.toEqual([
      1, 3,
    ]);
  });

  it('lists composite ids in schema order', async () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('score', 'GreaterThan', 0) });

    await expect(
      withBulkContext(filter, context => context.getCompositeRecordIds(), 'ratings'),
    ).resolves.toEqual([
      [1, 7],
      [3, 8],
    ]);
  });

  it('throws a NotFoundError when the selection matches nothing', async () => {
    const error = await withBulkContext(byIds(99), context => context.getRecordIds()).catch(
      (e: unknown) => e,
    );

    expect(isGroveError(error, 'NotFoundError')).toBe(true);
    expect((error as Error).message).toBe(
      "Query with filter did not match any records in collection 'books' (action 'Go').",
    );
  });

  it('throws the same from getCompositeRecordIds', async () => {
    await expect(
      withBulkContext(byIds(99), context => context.getCompositeRecordIds()),
    ).rejects.toThrow('Query with filter did not match any records');
  });

  it('refuses hasFieldChanged outside of form evaluation', async () => {
    await expect(
      withBulkContext(byIds(1), async context => context.hasFieldChanged('Reason')),
    ).rejects.toThrow(
      "hasFieldChanged is only available while the form of action 'Go' of collection 'books' is evaluated.",
    );
  });
});

describe('ActionContextSingle', () => {
  it('reads the selected record', async () => {
    await expect(
      withSingleContext(byIds(2), context => context.getRecord(['title', 'author:name'])),
    ).resolves.toEqual({ title: 'Children of Dune', author: { name: 'Frank Herbert' } });
  });

  it('reads the record id', async () => {
    await expect(withSingleContext(byIds(2), context => context.getRecordId())).resolves.toBe(2);
  });

  it('reads a composite record id', async () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('userId', 'Equal', 8) });

    await expect(
      withSingleContext(filter, context => context.getCompositeRecordId(), 'ratings'),
    ).resolves.toEqual([3, 8]);
  });

  it('reads one field, through relations too', async () => {
    await expect(
      withSingleContext(byIds(3), context => context.getField('author:name')),
    ).resolves.toBe('Ursula Le Guin');
  });

  it.each([
    ['getRecord', (context: ActionContextSingle) => context.getRecord(['title'])],
    ['getRecordId', (context: ActionContextSingle) => context.getRecordId()],
    ['getCompositeRecordId', (context: ActionContextSingle) => context.getCompositeRecordId()],
    ['getField', (context: ActionContextSingle) => context.getField('title')],
  ])('%s throws when the selection matches nothing', async (_, read) => {
    await expect(withSingleContext(byIds(99), read)).rejects.toThrow(
      "Query with filter did not match any records in collection 'books' (action 'Go').",
    );
  });
});
