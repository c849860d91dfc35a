import request from 'supertest';
import { startActionApp, tokenOf } from './action-test-app';
import { equal } from './library';
import type { ActionApp } from './action-test-app';

/** The ids each execution ran on. */
const ran: Array<Array<unknown>> = [];
let fixture: ActionApp;

beforeAll(async () => {
  fixture = await startActionApp({
    customize: books => {
      const record = async (context: { getRecordIds(): Promise<unknown[]> }) => {
        ran.push((await context.getRecordIds()).sort());
      };
      books
        .addAction('Archive', { scope: 'Single', execute: record })
        .addAction('Publish', { scope: 'Bulk', execute: record })
        .addAction('Recount', { scope: 'Global', execute: record });
    },
  });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.reset();
  ran.length = 0;
});

async function execute(
  path: string,
  attributes: Record<string, unknown>,
  query: Record<string, string> = { timezone: 'UTC' },
) {
  return request(fixture.app)
    .post(`/forest/_actions/books/${path}`)
    .query(query)
    .set('Authorization', `Bearer ${await tokenOf(1)}`)
    .send({ data: { attributes } });
}

const draftsQuery = { filters: JSON.stringify(equal('status', 'draft')) };

describe('execute: the records an action runs on (docs/agent-protocol.md#execute, docs/agent-protocol.md#bulk-selection)', () => {
  test('Single: the one selected record', async () => {
    expect((await execute('0/archive', { ids: ['4'] })).status).toBe(200);
    expect(ran).toEqual([[4]]);
  });

  test('Bulk: the selected ids', async () => {
    await execute('1/publish', { ids: ['1', '3', '5'] });
    expect(ran).toEqual([[1, 3, 5]]);
  });

  test('Bulk: ids given as a data array of resource identifiers', async () => {
    const response = await request(fixture.app)
      .post('/forest/_actions/books/1/publish')
      .query({ timezone: 'UTC' })
      .set('Authorization', `Bearer ${await tokenOf(1)}`)
      .send({ data: [{ id: '2', type: 'books' }] });

    expect(response.status).toBe(200);
    expect(ran).toEqual([[2]]);
  });

  test('all_records: every record but the excluded ones', async () => {
    await execute('1/publish', { all_records: true, all_records_ids_excluded: ['2', '4'] });
    expect(ran).toEqual([[1, 3, 5]]);
  });

  test("all_records with a subset query: the list view's filters, minus exclusions", async () => {
    await execute('1/publish', {
      all_records: true,
      all_records_ids_excluded: ['3'],
      all_records_subset_query: draftsQuery,
    });
    expect(ran).toEqual([[1, 4]]);
  });

  test('the subset query overrides the filters of the query string', async () => {
    const liveQuery = { filters: JSON.stringify(equal('status', 'live')) };
    await execute(
      '1/publish',
      { all_records: true, all_records_subset_query: liveQuery },
      {
        timezone: 'UTC',
        ...draftsQuery,
      },
    );
    expect(ran).toEqual([[2, 5]]);
  });

  test('the search of the subset query applies', async () => {
    await execute('1/publish', { all_records: true, all_records_subset_query: { search: 'Dune' } });
    expect(ran).toEqual([[1]]);
  });

  test('ids intersect the subset query filters', async () => {
    await execute('1/publish', { ids: ['1', '2', '3'], all_records_subset_query: draftsQuery });
    expect(ran).toEqual([[1, 3]]);
  });

  test('Global: ids are ignored, filters still apply', async () => {
    await execute('2/recount', { ids: ['1'] });
    await execute('2/recount', { ids: [], all_records_subset_query: draftsQuery });
    expect(ran).toEqual([
      [1, 2, 3, 4, 5],
      [1, 3, 4],
    ]);
  });

  test("the caller's scope restricts the selection", async () => {
    fixture.state.rendering = {
      ...fixture.state.rendering,
      collections: { books: { scope: equal('authorId', 1) } },
    };
    await execute('1/publish', { all_records: true });
    await execute('1/publish', { ids: ['1', '2'] });
    await execute('2/recount', {});
    expect(ran).toEqual([[1, 3, 5], [1], [1, 3, 5]]);
  });

  test("a related-data view restricts the selection to the parent's records", async () => {
    await execute('1/publish', {
      all_records: true,
      parent_collection_name: 'authors',
      parent_collection_id: '2',
      parent_association_name: 'books',
    });
    expect(ran).toEqual([[2, 4]]);
  });

  test('a parent association that does not lead to the collection is a 400', async () => {
    const response = await execute('1/publish', {
      all_records: true,
      parent_collection_name: 'books',
      parent_collection_id: '2',
      parent_association_name: 'author',
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe(
      "'books.author' is not a to-many relation towards 'books'.",
    );
  });

  test('Bulk without ids nor all_records is a 400', async () => {
    const response = await execute('1/publish', {});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        { name: 'ValidationError', detail: 'Expected array, received: undefined', status: 400 },
      ],
    });
  });

  test('invalid subset filters are a 400', async () => {
    const response = await execute('1/publish', {
      all_records: true,
      all_records_subset_query: { filters: '{"field":"nope","operator":"equal","value":1}' },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toMatch(/^Invalid filters \(/);
  });

  test('the timezone is checked first: 400 even for a user who may not trigger', async () => {
    fixture.state.environment = { collections: { books: { collection: {}, actions: {} } } };
    const response = await execute('1/publish', { ids: ['1'] }, {});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [{ name: 'ValidationError', detail: 'Missing timezone', status: 400 }],
    });
    expect(ran).toEqual([]);
  });
});
