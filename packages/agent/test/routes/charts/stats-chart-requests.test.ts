import { inMemoryShopSource } from './chart-sources';
import type { OpenedShop } from './chart-sources';
import { startChartApp, tokenOf } from './chart-test-app';
import type { ChartApp } from './chart-test-app';

const forbidden = { errors: [{ name: 'ForbiddenError', detail: 'Forbidden', status: 403 }] };
const badRequest = (detail: string) => ({
  errors: [{ name: 'ValidationError', detail, status: 400 }],
});
const countOrders = { type: 'Value', sourceCollectionName: 'orders', aggregator: 'Count' };
const ofCurrentUser = {
  ...countOrders,
  filter: { field: 'customer_id', operator: 'equal', value: '{{currentUser.id}}' },
};

describe('POST /stats/{c}: permissions, placeholders, scope and errors', () => {
  let shop: OpenedShop;
  let chart: ChartApp;

  beforeAll(async () => {
    shop = await inMemoryShopSource.open(customizer =>
      customizer.customizeCollection('orders', orders =>
        orders.addSegment('big', { field: 'amount', operator: 'GreaterThan', value: 60 }),
      ),
    );
    chart = await startChartApp(shop.dataSource);
  });
  afterEach(() => chart.resetPermissions());
  afterAll(async () => {
    await chart?.close();
    await shop?.close();
  });

  const post = async (
    body: unknown,
    options: { user?: number; query?: Record<string, string>; collection?: string } = {},
  ) =>
    chart.request
      .post(`/forest/stats/${options.collection ?? 'orders'}`)
      .query(options.query ?? { timezone: 'Europe/Paris' })
      .set('Authorization', `Bearer ${await tokenOf(options.user ?? 1)}`)
      .send(body as object);
  const valueOf = async (body: unknown, options: Parameters<typeof post>[1] = {}) => {
    const response = await post(body, options);
    expect(response.status).toBe(200);

    return (response.body as { data: { attributes: { value: unknown } } }).data.attributes.value;
  };

  describe('chart permission (docs/agent-protocol.md#chart-permissions)', () => {
    it('answers 401 without a session token', async () => {
      const response = await chart.request
        .post('/forest/stats/orders?timezone=UTC')
        .send(countOrders);
      expect(response.status).toBe(401);
    });

    it('refuses a user-level user whose rendering does not hold the chart', async () => {
      const response = await post(countOrders, { user: 2 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(forbidden);
    });

    it('allows a user-level user when a saved chart has the same hash (order, extra and null keys ignored)', async () => {
      const saved = {
        aggregator: 'Count',
        id: 12,
        title: 'Orders',
        filter: null,
        sourceCollectionName: 'orders',
        type: 'Value',
      };
      chart.resetPermissions({
        rendering: { team: { id: 7, name: 'Ops' }, collections: {}, stats: [saved] },
      });
      await expect(valueOf(countOrders, { user: 2 })).resolves.toEqual({ countCurrent: 9 });
    });

    it.each([
      ['admin', 1],
      ['developer', 3],
      ['editor', 4],
    ])('allows any chart to a %s without saved charts', async (_level, user) => {
      await expect(valueOf(countOrders, { user })).resolves.toEqual({ countCurrent: 9 });
    });

    it('hashes the body as posted, then fills the placeholders (user 2: orders of customer 2)', async () => {
      chart.resetPermissions({
        rendering: { team: { id: 7, name: 'Ops' }, collections: {}, stats: [ofCurrentUser] },
      });
      await expect(valueOf(ofCurrentUser, { user: 2 })).resolves.toEqual({ countCurrent: 4 });
    });

    it('does not match a saved chart against the body after injection', async () => {
      const injected = { ...ofCurrentUser, filter: { ...ofCurrentUser.filter, value: '2' } };
      chart.resetPermissions({
        rendering: { team: { id: 7, name: 'Ops' }, collections: {}, stats: [injected] },
      });
      const response = await post(ofCurrentUser, { user: 2 });
      expect(response.status).toBe(403);
    });
  });

  describe('placeholders (docs/agent-protocol.md#charts)', () => {
    it('fills {{currentUser.id}} from the session', async () => {
      await expect(valueOf(ofCurrentUser)).resolves.toEqual({ countCurrent: 3 });
    });

    it('fills {{currentUser.tags.x}} and {{currentUser.team.id}} (the rendering team)', async () => {
      const regionOfUser = {
        ...countOrders,
        sourceCollectionName: 'customers',
        filter: { field: 'region', operator: 'equal', value: '{{currentUser.tags.region}}' },
      };
      await expect(valueOf(regionOfUser, { collection: 'customers' })).resolves.toEqual({
        countCurrent: 2,
      });
      const belowTeam = {
        ...countOrders,
        filter: { field: 'id', operator: 'less_than', value: '{{currentUser.team.id}}' },
      };
      await expect(valueOf(belowTeam)).resolves.toEqual({ countCurrent: 6 });
    });

    it('fills other names from contextVariables, in filter, aggregator, timeRange and limit', async () => {
      const contextVariables = { 'dashboard.status': 'pending', range: 'Year', agg: 'Sum', top: 1 };
      const pending = {
        type: 'Line',
        aggregator: '{{agg}}',
        aggregateFieldName: 'amount',
        groupByFieldName: 'created_at',
        timeRange: '{{range}}',
        filter: { field: 'status', operator: 'equal', value: '{{ dashboard.status }}' },
        contextVariables,
      };
      await expect(valueOf(pending)).resolves.toEqual([
        { label: '2022', values: { value: 80 } },
        { label: '2023', values: { value: 70 } },
      ]);
      const top = {
        type: 'Leaderboard',
        relationshipFieldName: 'orders',
        labelFieldName: 'name',
        aggregator: 'Count',
        limit: '{{top}}',
        contextVariables,
      };
      await expect(valueOf(top, { collection: 'customers' })).resolves.toEqual([
        { key: 'Bob', value: 4 },
      ]);
    });

    it('reads permissions from the platform once, then from its cache', async () => {
      chart.platformCalls.length = 0;
      await valueOf(countOrders);
      await valueOf(countOrders);
      expect(chart.platformCalls).toEqual([
        '/liana/v4/permissions/users',
        '/liana/v4/permissions/renderings/1',
      ]);
    });
  });

  describe('records read by the chart (docs/agent-protocol.md#charts, docs/agent-protocol.md#scopes)', () => {
    const paidScope = { field: 'status', operator: 'equal', value: 'paid' };

    it('applies the scope of the collection', async () => {
      chart.resetPermissions({
        rendering: {
          team: { id: 7, name: 'Ops' },
          collections: { orders: { scope: paidScope } },
          stats: [],
        },
      });
      const amounts = { type: 'Pie', aggregator: 'Count', groupByFieldName: 'status' };
      await expect(valueOf(amounts)).resolves.toEqual([{ key: 'paid', value: 5 }]);
    });

    it('applies the scope of the ranked collection to a leaderboard', async () => {
      const europe = { field: 'region', operator: 'equal', value: 'EU' };
      chart.resetPermissions({
        rendering: {
          team: { id: 7, name: 'Ops' },
          collections: { customers: { scope: europe } },
          stats: [],
        },
      });
      const body = {
        type: 'Leaderboard',
        relationshipFieldName: 'tags',
        labelFieldName: 'name',
        aggregator: 'Count',
        limit: 5,
      };
      await expect(valueOf(body, { collection: 'customers' })).resolves.toEqual([
        { key: 'Cy', value: 3 },
        { key: 'Ada', value: 2 },
      ]);
    });

    it('honours search and segment of the query string', async () => {
      await expect(
        valueOf(countOrders, { query: { timezone: 'UTC', search: 'refunded' } }),
      ).resolves.toEqual({ countCurrent: 1 });
      await expect(
        valueOf(countOrders, { query: { timezone: 'UTC', segment: 'big' } }),
      ).resolves.toEqual({ countCurrent: 3 });
    });
  });

  describe('errors, in the order they are checked', () => {
    it('answers 404 for an unknown collection', async () => {
      const response = await post(countOrders, { collection: 'nope' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        errors: [{ name: 'NotFoundError', detail: "Collection 'nope' not found", status: 404 }],
      });
    });

    it.each([['Percentage'], ['value'], [undefined]])(
      'refuses the chart type %s before the permission',
      async type => {
        const response = await post({ ...countOrders, type }, { user: 2 });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(badRequest(`Invalid Chart type "${String(type)}"`));
      },
    );

    it('checks the permission before the timezone', async () => {
      expect((await post(countOrders, { user: 2, query: {} })).status).toBe(403);
      const response = await post(countOrders, { query: {} });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(badRequest('Missing timezone'));
      const invalid = await post(countOrders, { query: { timezone: 'Mars/Olympus' } });
      expect(invalid.body).toEqual(badRequest('Invalid timezone: "Mars/Olympus"'));
    });

    it('refuses invalid filters and aggregators', async () => {
      const filters = await post({
        ...countOrders,
        filter: { field: 'amount', operator: 'contains', value: 'x' },
      });
      expect(filters.status).toBe(400);
      expect(filters.body).toEqual(
        badRequest(
          "Invalid filters (The given operator 'Contains' is not supported by the column: 'amount'.\n" +
            'The allowed types are: [Equal,NotEqual,LessThan,GreaterThan,LessThanOrEqual,' +
            'GreaterThanOrEqual,IncludesAll,IncludesNone,Present,Blank,Missing,In,NotIn])',
        ),
      );
      const aggregator = await post({ ...countOrders, aggregator: 'Median' });
      expect(aggregator.body).toEqual(badRequest('Invalid aggregator "Median"'));
    });

    it('refuses a chart missing its group field', async () => {
      const response = await post({ type: 'Pie', aggregator: 'Count' });
      expect(response.body).toEqual(badRequest('Missing groupByFieldName in the chart definition'));
    });
  });
});
