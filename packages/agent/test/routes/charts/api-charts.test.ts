import { inMemoryShopSource } from './chart-sources';
import type { OpenedShop } from './chart-sources';
import { startChartApp, tokenOf } from './chart-test-app';
import type { ChartApp } from './chart-test-app';

const error = (name: string, status: number, detail: string) => ({
  errors: [{ name, detail, status }],
});

describe('API charts: /_charts/{name} and /_charts/{c}/{name}', () => {
  let shop: OpenedShop;
  let chart: ChartApp;

  beforeAll(async () => {
    shop = await inMemoryShopSource.open(customizer => {
      customizer
        .addChart('mrr', (_context, result) => result.value(42, 40))
        .addChart('open tickets', (_context, result) => result.percentage(12))
        .addChart('parameters', (context, result) => result.smart(context.parameters))
        .addChart('monthly', (_context, result) =>
          result.timeBased('Month', [
            { date: '2022-01-31T23:30:00Z', value: 3 },
            { date: '2022-03-02T10:00:00Z', value: 1 },
          ]),
        )
        .customizeCollection('customers', customers =>
          customers
            .addChart('spend', (context, result) => result.value(Number(context.recordId) * 10))
            .addChart('echo', (context, result) =>
              result.smart({ id: context.compositeRecordId, parameters: context.parameters }),
            ),
        );
    });
    chart = await startChartApp(shop.dataSource);
  });
  afterAll(async () => {
    await chart?.close();
    await shop?.close();
  });

  const get = async (
    path: string,
    query: Record<string, unknown> = { timezone: 'UTC' },
    user = 1,
  ) =>
    chart.request
      .get(`/forest/_charts/${path}`)
      .query(query)
      .set('Authorization', `Bearer ${await tokenOf(user)}`);
  const post = async (
    path: string,
    body: object = {},
    query: Record<string, unknown> = { timezone: 'UTC' },
    user = 1,
  ) =>
    chart.request
      .post(`/forest/_charts/${path}`)
      .query(query)
      .set('Authorization', `Bearer ${await tokenOf(user)}`)
      .send(body);
  const stats = (value: unknown) => ({
    data: { id: expect.any(String), type: 'stats', attributes: { value } },
  });

  describe('data-source charts', () => {
    it('POST answers the stats envelope, GET the value bare', async () => {
      const posted = await post('mrr');
      expect(posted.status).toBe(200);
      expect(posted.body).toEqual(stats({ countCurrent: 42, countPrevious: 40 }));
      const got = await get('mrr');
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ countCurrent: 42, countPrevious: 40 });
    });

    it('serves names with spaces and bare numbers', async () => {
      const response = await get('open%20tickets');
      expect(response.status).toBe(200);
      expect(response.body).toBe(12);
    });

    it('passes every scalar of the query and body as text, the body winning', async () => {
      const response = await post(
        'parameters',
        { period: 'month', limit: 5, flag: true, nested: { a: 1 }, list: [1], none: null },
        { timezone: 'UTC', period: 'week', repeated: ['1', '2'], extra: 'x' },
      );
      expect(response.body).toEqual(
        stats({ timezone: 'UTC', period: 'month', extra: 'x', limit: '5', flag: 'true' }),
      );
    });

    it('buckets time-based charts in the caller timezone', async () => {
      const response = await get('monthly', { timezone: 'Europe/Paris' });
      expect(response.body).toEqual([
        { label: 'Feb 22', values: { value: 3 } },
        { label: 'Mar 22', values: { value: 1 } },
      ]);
    });

    it('needs no chart permission', async () => {
      const response = await get('mrr', { timezone: 'UTC' }, 2);
      expect(response.status).toBe(200);
    });
  });

  describe('collection charts', () => {
    it('renders the chart of the record given by record_id, body first', async () => {
      expect((await post('customers/spend', { record_id: 2 })).body).toEqual(
        stats({ countCurrent: 20 }),
      );
      expect((await get('customers/spend', { timezone: 'UTC', record_id: '3' })).body).toEqual({
        countCurrent: 30,
      });
      const both = await post(
        'customers/spend',
        { record_id: '1' },
        { timezone: 'UTC', record_id: '3' },
      );
      expect(both.body).toEqual(stats({ countCurrent: 10 }));
    });

    it('passes the unpacked id and the parameters (record_id included)', async () => {
      const response = await get('customers/echo', {
        timezone: 'UTC',
        record_id: '2',
        period: 'week',
      });
      expect(response.body).toEqual({
        id: [2],
        parameters: { timezone: 'UTC', record_id: '2', period: 'week' },
      });
    });

    it('unpacks a missing record_id from the text "undefined", as the vendor does', async () => {
      const response = await post('customers/spend');
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        error('ValidationError', 400, 'Failed to parse number from undefined'),
      );
    });
  });

  describe('errors', () => {
    it.each([
      ['nope', "Chart 'nope' not found"],
      ['customers/nope', "Chart 'nope' not found on collection 'customers'"],
      ['nowhere/spend', "Collection 'nowhere' not found"],
    ])('answers 404 for %s, before the timezone', async (path, detail) => {
      for (const response of [await get(path, {}), await post(path, {}, {})]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual(error('NotFoundError', 404, detail));
      }
    });

    it('requires the timezone', async () => {
      const response = await post('mrr', {}, {});
      expect(response.status).toBe(400);
      expect(response.body).toEqual(error('ValidationError', 400, 'Missing timezone'));
    });

    it('requires a session token', async () => {
      expect((await chart.request.get('/forest/_charts/mrr?timezone=UTC')).status).toBe(401);
    });
  });
});
