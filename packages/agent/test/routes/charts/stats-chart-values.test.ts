import { chartSources } from './chart-sources';
import type { OpenedShop } from './chart-sources';
import { startChartApp, tokenOf } from './chart-test-app';
import type { ChartApp } from './chart-test-app';

// Thursday 17 March 2022, 16:00 in Paris: only `Date` is frozen, timers and sockets run.
const now = new Date('2022-03-17T15:00:00.000Z');
const realTimers = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const today = { field: 'created_at', operator: 'today' };
const paid = { field: 'status', operator: 'equal', value: 'paid' };

describe.each(chartSources)('$name: Value and Objective charts', source => {
  let shop: OpenedShop;
  let chart: ChartApp;

  beforeAll(async () => {
    jest.useFakeTimers({ now, doNotFake: [...realTimers] });
    shop = await source.open();
    chart = await startChartApp(shop.dataSource);
  }, 30_000);
  afterAll(async () => {
    await chart?.close();
    await shop?.close();
    jest.useRealTimers();
  });

  const value = async (body: Record<string, unknown>, timezone = 'Europe/Paris') => {
    const response = await chart.request
      .post('/forest/stats/orders')
      .query({ timezone })
      .set('Authorization', `Bearer ${await tokenOf(1)}`)
      .send({ sourceCollectionName: 'orders', ...body });
    expect(response.status).toBe(200);

    return (response.body as { data: { attributes: { value: unknown } } }).data.attributes.value;
  };

  it('answers the stats envelope with a fresh UUID and no jsonapi member', async () => {
    const response = await chart.request
      .post('/forest/stats/orders?timezone=Europe%2FParis')
      .set('Authorization', `Bearer ${await tokenOf(1)}`)
      .send({ type: 'Value', sourceCollectionName: 'orders', aggregator: 'Count' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: expect.stringMatching(uuid),
        type: 'stats',
        attributes: { value: { countCurrent: 9 } },
      },
    });
  });

  it('sums a field under a filter without period operator: no countPrevious', async () => {
    const body = { type: 'Value', aggregator: 'Sum', aggregateFieldName: 'amount', filter: paid };
    await expect(value(body)).resolves.toEqual({ countCurrent: 400 });
  });

  it('computes Max, and 0 for an empty result', async () => {
    await expect(
      value({ type: 'Value', aggregator: 'Max', aggregateFieldName: 'amount' }),
    ).resolves.toEqual({ countCurrent: 200 });
    const none = { field: 'status', operator: 'equal', value: 'lost' };
    await expect(value({ type: 'Value', aggregator: 'Count', filter: none })).resolves.toEqual({
      countCurrent: 0,
    });
    await expect(
      value({ type: 'Value', aggregator: 'Avg', aggregateFieldName: 'amount', filter: none }),
    ).resolves.toEqual({ countCurrent: 0 });
  });

  it('compares Today with Yesterday in the caller timezone (Paris)', async () => {
    // Paris today: orders 4 and 8 (23:30 UTC the day before); yesterday: order 9.
    await expect(value({ type: 'Value', aggregator: 'Count', filter: today })).resolves.toEqual({
      countCurrent: 2,
      countPrevious: 1,
    });
  });

  it('compares Today with Yesterday in UTC', async () => {
    await expect(
      value({ type: 'Value', aggregator: 'Count', filter: today }, 'UTC'),
    ).resolves.toEqual({ countCurrent: 1, countPrevious: 2 });
  });

  it('compares PreviousMonth with the month before', async () => {
    const body = {
      type: 'Value',
      aggregator: 'Sum',
      aggregateFieldName: 'amount',
      filter: { field: 'created_at', operator: 'previous_month' },
    };
    // February in Paris holds order 2 (1 Feb 00:30); January holds order 1 only.
    await expect(value(body)).resolves.toEqual({ countCurrent: 50, countPrevious: 100 });
  });

  it('compares PreviousXDays N with the N days before', async () => {
    const filter = { field: 'created_at', operator: 'previous_x_days', value: 7 };
    await expect(value({ type: 'Value', aggregator: 'Count', filter })).resolves.toEqual({
      countCurrent: 2,
      countPrevious: 0,
    });
  });

  it('compares PreviousMonthToDate with the whole previous month', async () => {
    const filter = { field: 'created_at', operator: 'previous_month_to_date' };
    await expect(value({ type: 'Value', aggregator: 'Count', filter })).resolves.toEqual({
      countCurrent: 4,
      countPrevious: 1,
    });
  });

  it('computes no previous period when the root of the filter is an and branch', async () => {
    const filter = { aggregator: 'and', conditions: [today, paid] };
    await expect(value({ type: 'Value', aggregator: 'Count', filter })).resolves.toEqual({
      countCurrent: 1,
    });
  });

  it('computes the previous period under an or branch, other leaves unchanged', async () => {
    const refunded = { field: 'status', operator: 'equal', value: 'refunded' };
    const filter = { aggregator: 'or', conditions: [today, refunded] };
    await expect(value({ type: 'Value', aggregator: 'Count', filter })).resolves.toEqual({
      countCurrent: 2,
      countPrevious: 2,
    });
  });

  it('accepts the filter as a JSON string in `filters`', async () => {
    const filters = JSON.stringify({ field: 'status', operator: 'equal', value: 'pending' });
    await expect(value({ type: 'Value', aggregator: 'count', filters })).resolves.toEqual({
      countCurrent: 3,
    });
  });

  it('answers an Objective chart with the value only', async () => {
    const body = {
      type: 'Objective',
      aggregator: 'Sum',
      aggregateFieldName: 'amount',
      objective: 1000,
      filter: paid,
    };
    await expect(value(body)).resolves.toEqual({ value: 400 });
  });

  it('runs one aggregate for a Value chart, two with the previous period', async () => {
    const aggregate = jest.spyOn(shop.raw.getCollection('orders'), 'aggregate');
    await value({ type: 'Value', aggregator: 'Count', filter: paid });
    expect(aggregate).toHaveBeenCalledTimes(1);
    await value({ type: 'Value', aggregator: 'Count', filter: today });
    expect(aggregate).toHaveBeenCalledTimes(3);
    aggregate.mockRestore();
  });
});
