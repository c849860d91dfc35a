import { Aggregation } from '@grove/datasource-toolkit';
import { chartSources } from './chart-sources';
import type { OpenedShop } from './chart-sources';
import { startChartApp, tokenOf } from './chart-test-app';
import type { ChartApp } from './chart-test-app';

const line = (...points: Array<[string, number]>) =>
  points.map(([label, value]) => ({ label, values: { value } }));
const ids = (...values: number[]) => ({ field: 'id', operator: 'in', value: values });
const since2022 = { field: 'created_at', operator: 'after', value: '2021-12-31T00:00:00Z' };

describe.each(chartSources)('$name: Pie, Line and Leaderboard charts', source => {
  let shop: OpenedShop;
  let chart: ChartApp;

  beforeAll(async () => {
    shop = await source.open();
    chart = await startChartApp(shop.dataSource);
  }, 30_000);
  afterAll(async () => {
    await chart?.close();
    await shop?.close();
  });

  const post = async (
    collection: string,
    body: Record<string, unknown>,
    timezone = 'Europe/Paris',
  ) =>
    chart.request
      .post(`/forest/stats/${collection}`)
      .query({ timezone })
      .set('Authorization', `Bearer ${await tokenOf(1)}`)
      .send({ sourceCollectionName: collection, ...body });
  const valueOf = async (collection: string, body: Record<string, unknown>, timezone?: string) => {
    const response = await post(collection, body, timezone);
    expect(response.status).toBe(200);

    return (response.body as { data: { attributes: { value: unknown } } }).data.attributes.value;
  };
  const lineChart = (timeRange: string, filter: unknown, extra: Record<string, unknown> = {}) => ({
    type: 'Line',
    aggregator: 'Count',
    groupByFieldName: 'created_at',
    timeRange,
    filter,
    ...extra,
  });

  describe('Pie', () => {
    it('counts per raw group value, highest first', async () => {
      const body = { type: 'Pie', aggregator: 'Count', groupByFieldName: 'status' };
      await expect(valueOf('orders', body)).resolves.toEqual([
        { key: 'paid', value: 5 },
        { key: 'pending', value: 3 },
        { key: 'refunded', value: 1 },
      ]);
    });

    it('sums per value of a to-one relation', async () => {
      const body = {
        type: 'Pie',
        aggregator: 'Sum',
        aggregateFieldName: 'amount',
        groupByFieldName: 'customer:name',
      };
      await expect(valueOf('orders', body)).resolves.toEqual([
        { key: 'Ada', value: 220 },
        { key: 'Cy', value: 210 },
        { key: 'Bob', value: 150 },
      ]);
    });
  });

  describe('Line', () => {
    it('labels months in the caller timezone and fills the gaps with 0', async () => {
      await expect(valueOf('orders', lineChart('Month', since2022))).resolves.toEqual(
        line(
          ['Jan 22', 1],
          ['Feb 22', 1],
          ['Mar 22', 4],
          ['Apr 22', 0],
          ['May 22', 0],
          ['Jun 22', 0],
          ['Jul 22', 0],
          ['Aug 22', 0],
          ['Sep 22', 0],
          ['Oct 22', 0],
          ['Nov 22', 0],
          ['Dec 22', 0],
          ['Jan 23', 1],
        ),
      );
    });

    it('puts 31 Jan 23:30 UTC in January for a UTC caller', async () => {
      const value = (await valueOf('orders', lineChart('Month', since2022), 'UTC')) as unknown[];
      expect(value.slice(0, 3)).toEqual(line(['Jan 22', 2], ['Feb 22', 0], ['Mar 22', 4]));
    });

    it('labels days dd/MM/yyyy, with gaps', async () => {
      await expect(valueOf('orders', lineChart('Day', ids(3, 4)))).resolves.toEqual(
        line(['15/03/2022', 1], ['16/03/2022', 0], ['17/03/2022', 1]),
      );
      await expect(valueOf('orders', lineChart('Day', ids(3, 4, 8, 9)))).resolves.toEqual(
        line(['15/03/2022', 1], ['16/03/2022', 1], ['17/03/2022', 2]),
      );
      await expect(valueOf('orders', lineChart('Day', ids(3, 4, 8, 9)), 'UTC')).resolves.toEqual(
        line(['15/03/2022', 1], ['16/03/2022', 2], ['17/03/2022', 1]),
      );
    });

    it('labels ISO weeks W<week>-<week year>, unpadded', async () => {
      await expect(valueOf('orders', lineChart('Week', ids(1, 2)))).resolves.toEqual(
        line(['W2-2022', 1], ['W3-2022', 0], ['W4-2022', 0], ['W5-2022', 1]),
      );
      await expect(valueOf('orders', lineChart('Week', ids(7)))).resolves.toEqual(
        line(['W53-2020', 1]),
      );
    });

    it('labels quarters Q<q>-yyyy and sums', async () => {
      const body = lineChart('Quarter', since2022, {
        aggregator: 'Sum',
        aggregateFieldName: 'amount',
      });
      await expect(valueOf('orders', body)).resolves.toEqual(
        line(['Q1-2022', 300], ['Q2-2022', 0], ['Q3-2022', 0], ['Q4-2022', 0], ['Q1-2023', 70]),
      );
    });

    it('labels years yyyy and leaves out records without a date', async () => {
      await expect(valueOf('orders', lineChart('Year', undefined))).resolves.toEqual(
        line(['2021', 1], ['2022', 6], ['2023', 1]),
      );
    });

    it('answers [] when no record matches', async () => {
      const none = { field: 'status', operator: 'equal', value: 'lost' };
      await expect(valueOf('orders', lineChart('Month', none))).resolves.toEqual([]);
    });

    it('refuses an unknown time range', async () => {
      const response = await post('orders', lineChart('Hour', undefined));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [
          {
            name: 'ValidationError',
            detail: 'Invalid time range "Hour": expected Day, Week, Month, Quarter or Year',
            status: 400,
          },
        ],
      });
    });
  });

  describe('Leaderboard', () => {
    const leaderboard = (relation: string, extra: Record<string, unknown>) => ({
      type: 'Leaderboard',
      relationshipFieldName: relation,
      labelFieldName: 'name',
      aggregator: 'Count',
      limit: 10,
      ...extra,
    });

    it('ranks by a sum over a OneToMany relation', async () => {
      const body = leaderboard('orders', { aggregator: 'Sum', aggregateFieldName: 'amount' });
      await expect(valueOf('customers', body)).resolves.toEqual([
        { key: 'Ada', value: 220 },
        { key: 'Cy', value: 210 },
        { key: 'Bob', value: 150 },
      ]);
    });

    it('honours the limit (OneToMany count)', async () => {
      await expect(valueOf('customers', leaderboard('orders', { limit: 2 }))).resolves.toEqual([
        { key: 'Bob', value: 4 },
        { key: 'Ada', value: 3 },
      ]);
    });

    it('counts through a ManyToMany relation', async () => {
      await expect(valueOf('customers', leaderboard('tags', {}))).resolves.toEqual([
        { key: 'Cy', value: 3 },
        { key: 'Ada', value: 2 },
        { key: 'Bob', value: 1 },
      ]);
    });

    it('sums a field of the foreign collection through a ManyToMany relation, limited', async () => {
      const body = leaderboard('tags', { aggregator: 'Sum', aggregateFieldName: 'weight' });
      await expect(valueOf('customers', body)).resolves.toEqual([
        { key: 'Cy', value: 8 },
        { key: 'Ada', value: 6 },
        { key: 'Bob', value: 1 },
      ]);
      await expect(valueOf('customers', { ...body, limit: 1 })).resolves.toEqual([
        { key: 'Cy', value: 8 },
      ]);
    });

    it('applies a filter on the ranked collection', async () => {
      const body = leaderboard('orders', {
        aggregator: 'Sum',
        aggregateFieldName: 'amount',
        filter: { field: 'region', operator: 'equal', value: 'EU' },
      });
      await expect(valueOf('customers', body)).resolves.toEqual([
        { key: 'Ada', value: 220 },
        { key: 'Cy', value: 210 },
      ]);
    });

    it.each([
      ['a column', 'customers', 'name'],
      ['a ManyToOne relation', 'orders', 'customer'],
      ['an unknown field', 'customers', 'nope'],
    ])('refuses %s as relationship', async (_kind, collection, relation) => {
      const response = await post(collection, leaderboard(relation, {}));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [
          {
            name: 'ValidationError',
            detail: 'Failed to generate leaderboard chart: parameters do not match pre-requisites',
            status: 400,
          },
        ],
      });
    });

    it('refuses a limit that is not a positive integer', async () => {
      const response = await post('customers', leaderboard('orders', { limit: -1 }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [{ name: 'ValidationError', detail: 'Invalid limit "-1"', status: 400 }],
      });
    });
  });

  describe('grouping happens in the data source', () => {
    it.each([
      [
        'Pie',
        'orders',
        'orders',
        { type: 'Pie', aggregator: 'Count', groupByFieldName: 'status' },
        new Aggregation({ operation: 'Count', groups: [{ field: 'status' }] }),
        undefined,
      ],
      [
        'Line',
        'orders',
        'orders',
        { type: 'Line', aggregator: 'Count', groupByFieldName: 'created_at', timeRange: 'Week' },
        new Aggregation({
          operation: 'Count',
          groups: [{ field: 'created_at', operation: 'Week' }],
        }),
        undefined,
      ],
      [
        'Leaderboard (OneToMany)',
        'customers',
        'orders',
        {
          type: 'Leaderboard',
          relationshipFieldName: 'orders',
          labelFieldName: 'name',
          aggregator: 'Sum',
          aggregateFieldName: 'amount',
          limit: 2,
        },
        new Aggregation({
          operation: 'Sum',
          field: 'amount',
          groups: [{ field: 'customer:name' }],
        }),
        2,
      ],
      [
        'Leaderboard (ManyToMany)',
        'customers',
        'customer_tags',
        {
          type: 'Leaderboard',
          relationshipFieldName: 'tags',
          labelFieldName: 'name',
          aggregator: 'Sum',
          aggregateFieldName: 'weight',
          limit: 3,
        },
        new Aggregation({
          operation: 'Sum',
          field: 'tag:weight',
          groups: [{ field: 'customer:name' }],
        }),
        3,
      ],
    ])(
      '%s: one grouped aggregate',
      async (_type, collection, queried, body, aggregation, limit) => {
        const aggregate = jest.spyOn(shop.raw.getCollection(queried), 'aggregate');
        shop.queries.length = 0;
        await valueOf(collection, body);

        expect(aggregate).toHaveBeenCalledTimes(1);
        expect(aggregate.mock.calls[0]?.[2]).toEqual(aggregation);
        expect(aggregate.mock.calls[0]?.[3]).toBe(limit);
        if (source.name === 'SQLite') {
          expect(shop.queries).toHaveLength(1);
          expect(shop.queries[0]).toMatch(/ GROUP BY 1 ORDER BY "value" DESC/);
        }
        aggregate.mockRestore();
      },
    );
  });
});
