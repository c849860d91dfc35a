import { useFakeAgent } from '../helpers/setup';

const envelope = (value: unknown) => ({
  json: { data: { id: 'uuid', type: 'stats', attributes: { value } } },
});

describe('charts', () => {
  const { agent, client } = useFakeAgent();

  describe('API charts', () => {
    it('posts a data-source chart and unwraps its value', async () => {
      agent().reply(
        'POST',
        '/forest/_charts/revenue',
        envelope({ countCurrent: 10, countPrevious: 8 }),
      );

      await expect(client().valueChart('revenue')).resolves.toEqual({
        countCurrent: 10,
        countPrevious: 8,
      });
      expect(agent().last.query).toEqual({ timezone: 'UTC' });
    });

    it.each([
      ['distributionChart', [{ key: 'a', value: 1 }]],
      ['timeBasedChart', [{ label: 'W1-2025', values: { value: 3 } }]],
      ['leaderboardChart', [{ key: 'b', value: 9 }]],
      ['objectiveChart', { value: 3, objective: 10 }],
      ['percentageChart', 42],
    ] as const)('%s returns the chart value', async (method, value) => {
      agent().reply('POST', '/forest/_charts/c1', envelope(value));

      await expect(client()[method]('c1')).resolves.toEqual(value);
    });

    it('gets a smart chart bare, with parameters in the query', async () => {
      agent().reply('GET', '/forest/_charts/smart', { json: { anything: true } });

      await expect(
        client().chart('smart', { method: 'GET', params: { limit: 3 } }),
      ).resolves.toEqual({
        anything: true,
      });
      expect(agent().last.query).toEqual({ timezone: 'UTC', limit: '3' });
    });

    it('posts a collection chart with the record id and parameters', async () => {
      agent().reply('POST', '/forest/_charts/books/ratings', envelope([{ key: 5, value: 2 }]));

      const value = await client()
        .collection('books')
        .distributionChart('ratings', { recordId: [7, 'A'], params: { period: 'week' } });

      expect(value).toEqual([{ key: 5, value: 2 }]);
      expect(agent().last.body).toEqual({ period: 'week', record_id: '7|A' });
    });
  });

  describe('stats charts', () => {
    const filter = { field: 'status', operator: 'Equal', value: 'paid' };

    it('sends a value chart with a Count default and a snake-case filter', async () => {
      agent().reply('POST', '/forest/stats/books', envelope({ countCurrent: 4 }));

      await expect(client().collection('books').valueStats({ filter })).resolves.toEqual({
        countCurrent: 4,
      });
      expect(agent().last.query).toEqual({ timezone: 'UTC' });
      expect(agent().last.body).toEqual({
        type: 'Value',
        sourceCollectionName: 'books',
        aggregator: 'Count',
        filter: { field: 'status', operator: 'equal', value: 'paid' },
      });
    });

    it.each([
      ['objectiveStats', { objective: 10 }, 'Objective', { value: 4 }],
      ['distributionStats', { groupByFieldName: 'status' }, 'Pie', [{ key: 'paid', value: 3 }]],
      [
        'timeBasedStats',
        {
          groupByFieldName: 'createdAt',
          timeRange: 'Month',
          aggregator: 'Sum',
          aggregateFieldName: 'amount',
        },
        'Line',
        [{ label: 'Feb 22', values: { value: 456 } }],
      ],
      [
        'leaderboardStats',
        { relationshipFieldName: 'reviews', labelFieldName: 'title', limit: 3 },
        'Leaderboard',
        [{ key: 'Dune', value: 12 }],
      ],
    ] as const)('%s sends type %s', async (method, request, type, value) => {
      agent().reply('POST', '/forest/stats/books', envelope(value));

      const books = client().collection('books') as unknown as Record<
        string,
        (r: unknown) => Promise<unknown>
      >;
      await expect(books[method]?.(request)).resolves.toEqual(value);
      expect(agent().last.body).toEqual({
        aggregator: 'Count',
        ...request,
        type,
        sourceCollectionName: 'books',
      });
    });

    it('computes a percentage from two value charts', async () => {
      agent().reply('POST', '/forest/stats/books', request =>
        envelope({ countCurrent: (request.body as { filter?: unknown }).filter ? 1 : 4 }),
      );

      await expect(
        client().collection('books').percentageStats({ numerator: { filter }, denominator: {} }),
      ).resolves.toBe(25);
    });
  });
});
