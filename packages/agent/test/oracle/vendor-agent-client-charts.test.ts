// The vendor's frontend client (@forestadmin/agent-client 1.5.8) loads the charts of a Grove
// agent over a real SQLite database: data-source charts (POST /forest/_charts/{name}) and
// collection charts (POST /forest/_charts/{collection}/{name} with `{ record_id }`). The client
// returns the `value` member of the answer. Client 1.5.8 has no method for the stats charts of
// dashboards (POST /forest/stats/{collection}), so those cannot be driven through it.
// Chart names are kebab-case: the client URL-encodes the name twice (`a b` → `a%2520b`), so a
// name with a space cannot be reached by it, on the vendor's agent either.
import type { Agent } from '../../src/agent/agent';
import { startLibraryAgent } from './support/library-agent';
import type { LibraryAgent } from './support/library-agent';
import { vendorHttpError } from './support/vendor-client';

function addCharts(agent: Agent): void {
  agent
    .addChart('books', async (context, resultBuilder) => {
      const [row] = await context.dataSource
        .getCollection('books')
        .aggregate({}, { operation: 'Count' });

      return resultBuilder.value(Number(row?.value), 3);
    })
    .addChart('books-by-author', async (context, resultBuilder) => {
      const rows = await context.dataSource
        .getCollection('books')
        .aggregate(
          { conditionTree: { field: 'author_id', operator: 'Present' } },
          { operation: 'Count', groups: [{ field: 'author:name' }] },
        );

      return resultBuilder.leaderboard(
        Object.fromEntries(rows.map(row => [String(row.group['author:name']), Number(row.value)])),
      );
    })
    .addChart('prices', async (context, resultBuilder) => {
      const rows = await context.dataSource
        .getCollection('books')
        .list({ sort: [{ field: 'id', ascending: true }] }, ['title', 'price']);

      return resultBuilder.distribution(
        Object.fromEntries(rows.map(row => [String(row.title), Number(row.price)])),
      );
    })
    .addChart('priced-share', (_context, resultBuilder) => resultBuilder.percentage(75))
    .addChart('catalogue-goal', (_context, resultBuilder) => resultBuilder.objective(4, 10))
    .addChart('sales', (_context, resultBuilder) =>
      // 2024-01-31T23:30Z is already February in Europe/Paris, the timezone the client sends.
      resultBuilder.timeBased('Month', [
        { date: '2024-01-31T23:30:00Z', value: 2 },
        { date: '2024-04-10T12:00:00Z', value: 1 },
      ]),
    )
    .customizeCollection('books', books =>
      books.addChart('price', async (context, resultBuilder) => {
        const { price } = await context.getRecord(['price']);

        return resultBuilder.value(Number(price));
      }),
    )
    .customizeCollection('authors', authors =>
      authors.addChart('books-written', async (context, resultBuilder) => {
        const [row] = await context.dataSource
          .getCollection('books')
          .aggregate(
            { conditionTree: { field: 'author_id', operator: 'Equal', value: context.recordId } },
            { operation: 'Count' },
          );

        return resultBuilder.objective(Number(row?.value), 3);
      }),
    );
}

describe('vendor agent-client → Grove agent over SQLite: charts', () => {
  let library: LibraryAgent;

  beforeAll(async () => {
    // Charts only read: one agent serves every test.
    library = await startLibraryAgent(addCharts);
  });
  afterAll(() => library.stop());

  it('loads a value chart of the data source, computed in the database', async () => {
    await expect(library.client.valueChart('books')).resolves.toEqual({
      countCurrent: 4,
      countPrevious: 3,
    });
  });

  it('loads a leaderboard chart grouped on a relation field', async () => {
    await expect(library.client.leaderboardChart('books-by-author')).resolves.toEqual([
      { key: 'Isaac Asimov', value: 2 },
      { key: 'Frank Herbert', value: 1 },
    ]);
  });

  it('loads a distribution chart', async () => {
    await expect(library.client.distributionChart('prices')).resolves.toEqual([
      { key: 'Dune', value: 9.5 },
      { key: 'Foundation', value: 7 },
      { key: 'I, Robot', value: 6 },
      { key: 'Untitled', value: 0 },
    ]);
  });

  it('loads a percentage chart', async () => {
    await expect(library.client.percentageChart('priced-share')).resolves.toBe(75);
  });

  it('loads an objective chart', async () => {
    await expect(library.client.objectiveChart('catalogue-goal')).resolves.toEqual({
      value: 4,
      objective: 10,
    });
  });

  it('loads a time-based chart bucketed in the timezone the client sends', async () => {
    await expect(library.client.timeBasedChart('sales')).resolves.toEqual([
      { label: 'Feb 24', values: { value: 2 } },
      { label: 'Mar 24', values: { value: 0 } },
      { label: 'Apr 24', values: { value: 1 } },
    ]);
  });

  it('answers 404 for an unknown chart', async () => {
    await expect(vendorHttpError(library.client.valueChart('nope'))).resolves.toEqual({
      status: 404,
      method: 'POST',
      path: '/forest/_charts/nope?timezone=Europe/Paris',
      body: { errors: [{ name: 'NotFoundError', detail: "Chart 'nope' not found", status: 404 }] },
    });
  });

  it('loads a collection chart of the record the client names', async () => {
    const books = library.client.collection('books');

    await expect(books.valueChart('price', { recordId: 1 })).resolves.toEqual({
      countCurrent: 9.5,
    });
  });

  it('loads a collection chart that queries another collection for the record', async () => {
    const authors = library.client.collection('authors');

    await expect(authors.objectiveChart('books-written', { recordId: 2 })).resolves.toEqual({
      value: 2,
      objective: 3,
    });
  });

  it('answers 404 for a collection chart of a record that does not exist', async () => {
    const books = library.client.collection('books');

    await expect(vendorHttpError(books.valueChart('price', { recordId: 99 }))).resolves.toEqual({
      status: 404,
      method: 'POST',
      path: '/forest/_charts/books/price?timezone=Europe/Paris',
      body: {
        errors: [
          {
            name: 'NotFoundError',
            detail: "Record '99' was not found in collection 'books'.",
            status: 404,
          },
        ],
      },
    });
  });
});
