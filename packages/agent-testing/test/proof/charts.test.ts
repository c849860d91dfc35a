import { useProofAgent } from './support/use-proof-agent';

describe('charts', () => {
  const proof = useProofAgent();

  it('runs a data-source value chart', async () => {
    expect(await proof().client.valueChart('totalOrders')).toEqual({ countCurrent: 30 });
  });

  it('runs a data-source distribution chart', async () => {
    const distribution = await proof().client.distributionChart('ordersByStatus');

    expect(distribution).toEqual(
      expect.arrayContaining([
        { key: 'paid', value: 15 },
        { key: 'pending', value: 15 },
      ]),
    );
  });

  it('runs a collection chart on one record', async () => {
    const value = await proof()
      .client.collection('customers')
      .valueChart('orderCount', { recordId: 3 });

    expect(value).toEqual({ countCurrent: 2 });
  });

  it('runs frontend charts (stats) on a collection', async () => {
    const orders = proof().client.collection('orders');
    const paid = { field: 'status', operator: 'Equal', value: 'paid' } as const;

    expect(await orders.valueStats({ filter: paid })).toEqual({ countCurrent: 15 });
    expect(await orders.valueStats({ aggregator: 'Sum', aggregateFieldName: 'amount' })).toEqual({
      countCurrent: 4650,
    });
    expect(await orders.distributionStats({ groupByFieldName: 'status', filter: paid })).toEqual([
      { key: 'paid', value: 15 },
    ]);
  });
});
