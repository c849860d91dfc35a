import { QueryTypes, Sequelize } from 'sequelize';
import { createSqlShop } from '../../helpers/sql-shop';
import type { SqlShop } from '../../helpers/sql-shop';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';
import { platformUser } from '../../helpers/fake-platform';

const tz = 'timezone=Europe%2FParis';

/** Native SQL that writes, or tries to, by any route: each must leave the orders as they were. */
const attacks = [
  "WITH x AS (SELECT '\\') DELETE FROM orders RETURNING 1 AS value",
  "WITH x AS (SELECT '\\') DELETE FROM orders RETURNING id",
  'DELETE FROM orders',
  'UPDATE orders SET amount = 0',
  'SELECT 1 AS value; DELETE FROM orders',
  "SELECT '\\' AS value; DELETE FROM orders; -- '",
  "SELECT '\\'' AS value; DELETE FROM orders; -- '",
  'SELECT $t$ ; $t$ AS value; DELETE FROM orders',
  'SELECT $t$ ; DELETE FROM orders; $t$ AS value',
  'SELECT 1 AS value /* /* */ ; DELETE FROM orders */',
  '/* a comment */ DELETE FROM orders',
  '-- a comment\nDELETE FROM orders',
  'SELECT * INTO copy FROM orders',
  "ATTACH DATABASE '/tmp/grove-attached.sqlite' AS other",
  'PRAGMA query_only = OFF',
  'DROP TABLE orders',
];

describe('native SQL is read-only by construction (running agent, SQLite file)', () => {
  let shop: SqlShop;
  let agent: TestAgent;
  let reader: Sequelize;
  let auth: { Authorization: string };
  let initial: unknown;

  const state = async () =>
    reader.query(
      "SELECT (SELECT COUNT(*) FROM orders) AS orders, (SELECT SUM(amount) FROM orders) AS amount, (SELECT COUNT(*) FROM sqlite_master WHERE type = 'table') AS tables",
      { type: QueryTypes.SELECT },
    );
  const nativeQuery = (body: Record<string, unknown>, headers = auth) =>
    agent
      .http()
      .post('/forest/_internal/native_query')
      .set(headers)
      .send({ type: 'Value', connectionName: 'main', ...body });

  beforeAll(async () => {
    shop = await createSqlShop(30);
    agent = await startTestAgent(
      a => {
        a.addDataSource(shop.factory());
      },
      { maxNativeQueryLength: 4096 },
    );
    // User 2 is a plain user whose rendering holds no chart.
    agent.platform.state.users = [platformUser(1), platformUser(2, { permissionLevel: 'user' })];
    agent.platform.state.renderings['1'] = {
      team: { id: 1, name: 'Ops' },
      collections: {},
      stats: [],
    };
    auth = { Authorization: `Bearer ${await agent.token()}` };
    reader = new Sequelize({ dialect: 'sqlite', storage: shop.path, logging: false });
    initial = await state();
  });
  afterAll(async () => {
    await reader?.close();
    await agent?.stop();
    await shop?.drop();
  });

  it('starts with 30 orders (and sqlite_sequence)', () => {
    expect(initial).toEqual([{ orders: 30, amount: 850, tables: 3 }]);
  });

  it.each(attacks)('POST /_internal/native_query %j: 422, nothing written', async query => {
    const response = await nativeQuery({ query });

    expect(response.status).toBe(422);
    expect(response.body.errors[0].name).toBe('UnprocessableError');
    expect(await state()).toEqual(initial);
  });

  describe.each([
    ['list', '/forest/orders'],
    ['count', '/forest/orders/count'],
    ['CSV', '/forest/orders.csv'],
  ])('a live-query segment on %s', (_route, path) => {
    it.each(attacks)('%j is refused or ignored, nothing written', async query => {
      const response = await agent
        .http()
        .get(
          `${path}?${tz}&fields[orders]=id&header=Id&segmentQuery=${encodeURIComponent(query)}&connectionName=main`,
        )
        .set(auth);

      expect(response.status).toBe(path.endsWith('.csv') ? 200 : 422);
      expect(await state()).toEqual(initial);
    });
  });

  it('answers 422 to a query longer than maxNativeQueryLength, chart or segment', async () => {
    const query = `SELECT 1 AS value -- ${'x'.repeat(5000)}`;
    const chart = await nativeQuery({ query });
    const segment = await agent
      .http()
      .get(
        `/forest/orders/count?${tz}&segmentQuery=${encodeURIComponent(query)}&connectionName=main`,
      )
      .set(auth);

    expect([chart.status, segment.status]).toEqual([422, 422]);
    expect(chart.body.errors[0].detail).toBe(
      'The native query is too long (5021 characters, at most 4096).',
    );
    expect(segment.body.errors[0].detail).toBe(
      'The native query is too long (5021 characters, at most 4096).',
    );
  });

  it('checks the chart permission before reading the SQL: 403 for huge or malformed SQL', async () => {
    const plain = {
      Authorization: `Bearer ${await agent.token({ id: 2, permissionLevel: 'user' })}`,
    };
    const huge = Array.from({ length: 20_000 }, (_, i) => `$t${i}$`).join(' ');
    for (const query of [huge, "WITH x AS (SELECT '\\') DELETE FROM orders", '']) {
      const response = await nativeQuery({ query }, plain);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        errors: [{ name: 'ForbiddenError', detail: 'Forbidden', status: 403 }],
      });
    }
    expect(await state()).toEqual(initial);
  });

  describe('{{currentUser.x}} comes from the session only', () => {
    // Customer 1's orders sum to 90, customer 2's to 50.
    it.each([
      'SELECT SUM(amount) AS value FROM orders WHERE customer_id = {{currentUser.id}}',
      'SELECT SUM(amount) AS value FROM orders WHERE customer_id = {{ currentUser.id }}',
      'SELECT SUM(amount) AS value FROM orders WHERE customer_id = {{\n\tcurrentUser.id\n}}',
    ])('%j binds the token user, whatever contextVariables say', async query => {
      for (const contextVariables of [undefined, { 'currentUser.id': 2 }]) {
        const response = await nativeQuery({ query, contextVariables });
        expect(response.status).toBe(200);
        expect(response.body.data.attributes.value).toEqual({ countCurrent: 90 });
      }
    });

    it('a live-query segment binds the token user too', async () => {
      const query = 'SELECT id FROM orders WHERE customer_id = {{\n currentUser.id }}';
      const response = await agent
        .http()
        .get(
          `/forest/orders/count?${tz}&segmentQuery=${encodeURIComponent(query)}&connectionName=main&contextVariables=${encodeURIComponent('{"currentUser.id":2}')}`,
        )
        .set(auth);

      expect(response.body).toEqual({ count: 3 });
    });
  });
});
