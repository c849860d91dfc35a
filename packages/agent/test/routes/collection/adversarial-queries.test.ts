import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sequelize } from 'sequelize';
import { createSqlDataSource } from '@grove/datasource-sql';
import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

// The SQL source's offset tables are internal: their cache is counted through the very module the
// agent loaded (jest maps @grove/datasource-sql to its sources, so the path is the same file).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cachedZoneCount } = require(
  join(__dirname, '../../../../datasource-sql/src/sql/timezone-offsets'),
) as { cachedZoneCount(): number };

/**
 * Requests that used to stall the event loop (quadratic or exponential parsing and matching),
 * sent to a running agent over HTTP, on a real SQLite file (`notes`, whose `body` is filtered in
 * memory by the customizer) and an in-memory collection (`memos`). A quadratic or exponential
 * version of the code makes this suite take minutes: that is the guard, no timed assertion.
 */
describe('adversarial queries on a running agent', () => {
  const long = 'a'.repeat(20_000);
  const bodies = [long, 'Dune (1965)', 'Children of Dune', 'ab'];
  let path: string;
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeAll(async () => {
    path = join(tmpdir(), `grove-adversarial-${randomUUID()}.sqlite`);
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
    await sequelize.query(
      'CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, at DATETIME NOT NULL)',
    );
    await sequelize.query(
      'INSERT INTO notes (id, body, at) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?, ?)',
      {
        replacements: bodies.flatMap((body, i) => [i + 1, body, `2024-03-0${i + 1} 12:00:00`]),
      },
    );
    await sequelize.close();
    agent = await startTestAgent(a => {
      a.addDataSource(createSqlDataSource(`sqlite:${path}`));
      a.addDataSource(
        inMemoryDataSourceFactory({
          collections: {
            memos: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                body: { type: 'Column', columnType: 'String' },
              },
              records: bodies.map((body, i) => ({ id: i + 1, body })),
            },
          },
        }),
      );
      a.customizeCollection('notes', notes => notes.emulateFieldFiltering('body'));
    });
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterAll(async () => {
    await agent?.stop();
    await rm(path, { force: true });
  });

  const list = (collection: string, query: Record<string, string>) =>
    agent
      .http()
      .get(`/forest/${collection}`)
      .query({ timezone: 'UTC', [`fields[${collection}]`]: 'id', ...query })
      .set(auth);
  const ids = (body: { data?: Array<{ id: string }> }) => (body.data ?? []).map(({ id }) => id);
  const bulkDelete = (attributes: Record<string, unknown>) =>
    agent
      .http()
      .delete('/forest/notes')
      .query({ timezone: 'UTC' })
      .set(auth)
      .send({ data: { type: 'notes', attributes: { ids: [], ...attributes } } });
  const deleteAll = (subsetQuery: Record<string, unknown>) =>
    bulkDelete({
      all_records: true,
      all_records_ids_excluded: [],
      all_records_subset_query: subsetQuery,
    });
  const noteCount = async () =>
    (await agent.http().get('/forest/notes/count').query({ timezone: 'UTC' }).set(auth)).body;

  describe('search', () => {
    it('refuses a search of 40 000 `)` with a 400 naming the limit, deleting nothing', async () => {
      const response = await deleteAll({ search: ')'.repeat(40_000) });

      expect([response.status, response.body.errors?.[0]?.detail]).toEqual([
        400,
        'Search is too long: 40000 characters (at most 1000)',
      ]);
      await expect(noteCount()).resolves.toEqual({ count: 4 });
    });

    it('refuses a search of 1001 characters in the query string', async () => {
      const response = await list('notes', { search: 'x'.repeat(1001) });

      expect(response.status).toBe(400);
    });

    it.each([
      ['`a`, 998 `)`, then `x`', `a${')'.repeat(998)}x`, []],
      ['1000 `)`', ')'.repeat(1000), []],
      ['1000 `(`', '('.repeat(1000), []],
      ['32 groups around Dune', `${'('.repeat(32)}Dune${')'.repeat(32)}`, ['2', '3']],
      ['a phrase in 490 groups (searched as one term)', `${'('.repeat(490)}"of Dune"`, []],
      ['Dune OR ab', 'Dune OR ab', ['2', '3', '4']],
    ])('answers a search of %s at or under the cap', async (_, search, expected) => {
      const response = await list('notes', { search });

      expect([response.status, ids(response.body).sort()]).toEqual([200, expected]);
    });
  });

  describe('LIKE patterns', () => {
    const backtracking = `${'%a'.repeat(60)}%b`;
    const filter = (operator: string, value: string) =>
      JSON.stringify({ field: 'body', operator, value });

    it.each(['memos', 'notes'])(
      'matches %%a%%a…%%b on %s (in memory, emulated) without backtracking',
      async collection => {
        const answers = await Promise.all([
          list(collection, { filters: filter('like', backtracking) }),
          list(collection, { filters: filter('like', `${'%a'.repeat(60)}%`) }),
          list(collection, { filters: filter('i_like', '%A%B') }),
          list(collection, { filters: filter('like', '%Dune%') }),
        ]);

        expect(answers.map(answer => [answer.status, ids(answer.body).sort()])).toEqual([
          [200, []],
          [200, ['1']],
          [200, ['4']],
          [200, ['2', '3']],
        ]);
      },
    );

    it.each(['memos', 'notes'])('reads % in Contains on %s literally', async collection => {
      const response = await list(collection, { filters: filter('contains', backtracking) });

      expect([response.status, ids(response.body)]).toEqual([200, []]);
    });
  });

  describe('oversized filters', () => {
    const leaf = { field: 'body', operator: 'Equal', value: 'ab' };
    const nested = (depth: number) =>
      `${'{"aggregator":"And","conditions":['.repeat(depth)}${JSON.stringify(leaf)}${']}'.repeat(depth)}`;

    it('answers 16 nested branches and refuses 17 with a 400', async () => {
      const [within, beyond] = await Promise.all([
        list('memos', { filters: nested(16) }),
        list('memos', { filters: nested(17) }),
      ]);

      expect([
        within.status,
        ids(within.body),
        beyond.status,
        beyond.body.errors[0].detail,
      ]).toEqual([200, ['4'], 400, 'Invalid filters (nested deeper than 16 levels)']);
    });

    it.each([
      [
        'a JSON text of 100 001 characters',
        `{"field":"body","operator":"Equal","value":"${'x'.repeat(100_001 - 44)}"}`,
        'longer than 100000 characters',
      ],
      [
        // Deeper bodies stop at the body's own depth limit (test/http/request-bodies.test.ts).
        '40 nested branches as an object',
        JSON.parse(nested(40)),
        'nested deeper than 16 levels',
      ],
      [
        '1001 conditions',
        { aggregator: 'Or', conditions: Array(1001).fill(leaf) },
        'more than 1000 conditions',
      ],
    ])('refuses %s in a bulk body, deleting nothing', async (_, filters, reason) => {
      const response = await deleteAll({ filters });

      expect([response.status, response.body.errors?.[0]?.detail]).toEqual([
        400,
        `Invalid filters (${reason})`,
      ]);
      await expect(noteCount()).resolves.toEqual({ count: 4 });
    });

    it('refuses 10 001 ids in a bulk delete, deleting nothing', async () => {
      const response = await bulkDelete({
        ids: Array.from({ length: 10_001 }, (_, i) => String(i + 1)),
      });

      expect([response.status, response.body.errors?.[0]?.detail]).toEqual([
        400,
        'Too many ids: 10001 (at most 10000 in one selection)',
      ]);
      await expect(noteCount()).resolves.toEqual({ count: 4 });
    });
  });

  describe('timezones', () => {
    it('keeps one offset table for every case variant of a zone', async () => {
      const before = cachedZoneCount();
      const variants = ['America/Chicago', 'america/chicago', 'AMERICA/CHICAGO', 'AmErIcA/cHiCaGo'];
      const answers = await Promise.all(
        variants.map(timezone =>
          agent
            .http()
            .post('/forest/stats/notes')
            .query({ timezone })
            .set(auth)
            .send({ type: 'Line', aggregator: 'Count', groupByFieldName: 'at', timeRange: 'Day' }),
        ),
      );

      expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 200]);
      expect(
        new Set(answers.map(answer => JSON.stringify(answer.body.data.attributes.value))).size,
      ).toBe(1);
      expect(cachedZoneCount() - before).toBe(1);
    });
  });
});
