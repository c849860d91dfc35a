import { sqliteShopSource } from './chart-sources';
import type { OpenedShop } from './chart-sources';
import { startChartApp, tokenOf } from './chart-test-app';
import type { ChartApp } from './chart-test-app';

const unprocessable = (detail: string) => ({
  errors: [{ name: 'UnprocessableError', detail, status: 422 }],
});

describe('POST /_internal/native_query on SQLite', () => {
  let shop: OpenedShop;
  let chart: ChartApp;

  beforeAll(async () => {
    shop = await sqliteShopSource.open();
    chart = await startChartApp(shop.dataSource);
  }, 30_000);
  afterEach(() => chart.resetPermissions());
  afterAll(async () => {
    await chart?.close();
    await shop?.close();
  });

  const post = async (body: Record<string, unknown>, user = 1) =>
    chart.request
      .post('/forest/_internal/native_query')
      .set('Authorization', `Bearer ${await tokenOf(user)}`)
      .send(body);
  const run = async (
    type: string,
    query: string,
    extra: Record<string, unknown> = {},
    user = 1,
  ) => {
    const response = await post({ type, query, connectionName: 'main', ...extra }, user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { id: expect.any(String), type: 'stats', attributes: { value: expect.anything() } },
    });

    return (response.body as { data: { attributes: { value: unknown } } }).data.attributes.value;
  };

  describe('result shapes (no timezone needed)', () => {
    it('Value: the first row value, previous when selected', async () => {
      await expect(run('Value', 'SELECT COUNT(*) AS value FROM orders')).resolves.toEqual({
        countCurrent: 9,
      });
      await expect(run('Value', 'SELECT 9 AS value, 4 AS previous;')).resolves.toEqual({
        countCurrent: 9,
        countPrevious: 4,
      });
    });

    it('Objective: value and objective', async () => {
      const query = 'SELECT SUM(amount) AS value, 1000 AS objective FROM orders';
      await expect(run('Objective', query)).resolves.toEqual({ objective: 1000, value: 580 });
    });

    it('Pie and Leaderboard: key and value of every row, in the query order', async () => {
      const query =
        'SELECT status AS key, COUNT(*) AS value FROM orders GROUP BY status ORDER BY value DESC';
      const expected = [
        { key: 'paid', value: 5 },
        { key: 'pending', value: 3 },
        { key: 'refunded', value: 1 },
      ];
      await expect(run('Pie', query)).resolves.toEqual(expected);
      await expect(run('Leaderboard', `${query} LIMIT 2`)).resolves.toEqual(expected.slice(0, 2));
    });

    it('Line: key as label, no gap filling', async () => {
      const query =
        "SELECT strftime('%Y', created_at) AS key, COUNT(*) AS value FROM orders " +
        'WHERE created_at IS NOT NULL GROUP BY key ORDER BY key';
      await expect(run('Line', query)).resolves.toEqual([
        { label: '2021', values: { value: 1 } },
        { label: '2022', values: { value: 6 } },
        { label: '2023', values: { value: 1 } },
      ]);
    });

    it('an empty result gives 0 or []', async () => {
      await expect(
        run('Value', 'SELECT amount AS value FROM orders WHERE id = 0'),
      ).resolves.toEqual({ countCurrent: 0 });
      await expect(
        run('Pie', 'SELECT status AS key, amount AS value FROM orders WHERE id = 0'),
      ).resolves.toEqual([]);
    });
  });

  describe('placeholders become bound parameters', () => {
    it('binds {{currentUser.x}} from the session', async () => {
      const query = 'SELECT COUNT(*) AS value FROM orders WHERE customer_id = {{currentUser.id}}';
      await expect(run('Value', query, {}, 1)).resolves.toEqual({ countCurrent: 3 });
      await expect(run('Value', query, {}, 3)).resolves.toEqual({ countCurrent: 2 });
    });

    it('binds other names from contextVariables, never as SQL text', async () => {
      const query = 'SELECT COUNT(*) AS value FROM orders WHERE status = {{dashboard.status}}';
      const variables = (status: string) => ({ contextVariables: { 'dashboard.status': status } });
      await expect(run('Value', query, variables('pending'))).resolves.toEqual({ countCurrent: 3 });
      await expect(run('Value', query, variables("x' OR '1'='1"))).resolves.toEqual({
        countCurrent: 0,
      });
      expect(shop.queries.at(-1)).toBe('SELECT COUNT(*) AS value FROM orders WHERE status = $1');
    });

    it('refuses a placeholder without value', async () => {
      const query = 'SELECT COUNT(*) AS value FROM orders WHERE status = {{nope}}';
      const response = await post({ type: 'Value', query, connectionName: 'main' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(
        unprocessable("Error during chart native query execution: Unknown context variable 'nope'"),
      );
    });
  });

  describe('errors, in the order they are checked', () => {
    it.each([
      ['no query', { type: 'Value', connectionName: 'main' }],
      ['a Smart chart', { type: 'Smart', query: 'SELECT 1 AS value', connectionName: 'main' }],
    ])('refuses %s', async (_case, body) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(
        unprocessable('Native query endpoint only supports Query Chart Requests'),
      );
    });

    it('requires a known connection, before the permission', async () => {
      const missing = await post({ type: 'Value', query: 'SELECT 1 AS value' }, 2);
      expect(missing.body).toEqual(unprocessable('Missing native query connection attribute'));
      const unknown = await post(
        { type: 'Value', query: 'SELECT 1 AS value', connectionName: 'other' },
        2,
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(unprocessable("Native query connection 'other' is unknown"));
    });

    it.each([
      ['', 'You cannot execute an empty SQL query.'],
      ['  -- nothing\n', 'You cannot execute an empty SQL query.'],
      ['SELECT 1 AS value; DELETE FROM orders', 'You cannot chain SQL queries.'],
      ['DELETE FROM orders', 'Only SELECT queries are allowed.'],
      [
        'WITH d AS (DELETE FROM orders RETURNING id) SELECT COUNT(*) AS value FROM d',
        'Only SELECT queries are allowed.',
      ],
    ])('refuses %j', async (query, detail) => {
      const response = await post({ type: 'Value', query, connectionName: 'main' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(unprocessable(detail));
      await expect(run('Value', 'SELECT COUNT(*) AS value FROM orders')).resolves.toEqual({
        countCurrent: 9,
      });
    });

    it('refuses a user-level user unless the rendering holds the chart', async () => {
      const body = {
        type: 'Value',
        query: 'SELECT COUNT(*) AS value FROM orders',
        connectionName: 'main',
      };
      const denied = await post(body, 2);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({
        errors: [{ name: 'ForbiddenError', detail: 'Forbidden', status: 403 }],
      });

      chart.resetPermissions({
        rendering: { team: { id: 7, name: 'Ops' }, collections: {}, stats: [{ ...body, id: 3 }] },
      });
      await expect(run('Value', body.query, {}, 2)).resolves.toEqual({ countCurrent: 9 });
    });

    it('refuses an unknown chart type after the permission', async () => {
      const response = await post({
        type: 'Percentage',
        query: 'SELECT 1 AS value',
        connectionName: 'main',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [
          { name: 'ValidationError', detail: 'Invalid Chart type "Percentage"', status: 400 },
        ],
      });
    });

    it('names the expected columns', async () => {
      const pie = await post({
        type: 'Pie',
        query: 'SELECT status, COUNT(*) AS total FROM orders GROUP BY status',
        connectionName: 'main',
      });
      expect(pie.status).toBe(422);
      expect(pie.body).toEqual(
        unprocessable(
          "The result columns must be named 'key', 'value' instead of 'status', 'total'.",
        ),
      );
      const objective = await post({
        type: 'Objective',
        query: 'SELECT 3 AS value',
        connectionName: 'main',
      });
      expect(objective.body).toEqual(
        unprocessable("The result columns must be named 'value', 'objective' instead of 'value'."),
      );
    });

    it('reports a failing query', async () => {
      const response = await post({
        type: 'Value',
        query: 'SELECT value FROM nowhere',
        connectionName: 'main',
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(
        unprocessable(
          'Error during chart native query execution: SQLITE_ERROR: no such table: nowhere',
        ),
      );
    });
  });
});
