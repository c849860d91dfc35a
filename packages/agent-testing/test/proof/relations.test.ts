import { useProofAgent } from './support/use-proof-agent';

describe('relations', () => {
  const proof = useProofAgent();
  const client = () => proof().client;

  it('lists and counts a one-to-many relation', async () => {
    const orders = client().collection('customers').relation('orders', 1);

    expect((await orders.list({ fields: ['id'], sort: 'id' })).map(o => o.id)).toEqual([1, 16]);
    expect(await orders.count()).toBe(2);
  });

  it('filters and paginates a relation list', async () => {
    const orders = client().collection('customers').relation('orders', 1);
    const paid = await orders.list({
      filters: { field: 'status', operator: 'Equal', value: 'paid' },
      fields: ['id'],
    });

    expect(paid.map(o => o.id)).toEqual([16]);
  });

  it('associates and dissociates a one-to-many relation', async () => {
    const orders = client().collection('customers').relation('orders', 2);
    await orders.associate(3);

    expect(await orders.count()).toBe(3);

    await orders.dissociate([3]);

    expect(await orders.count()).toBe(2);
    expect(
      await client()
        .collection('orders')
        .count({ filters: { field: 'id', operator: 'Equal', value: 3 } }),
    ).toBe(1);
  });

  it('sets and unsets a to-one relation', async () => {
    const orders = client().collection('orders');
    const customerOf = async (id: number) => {
      const order = await orders.getOne<{ customer: { id: number } | null }>(id, {
        fields: ['id', 'customer:id'],
      });

      return order.customer?.id ?? null;
    };

    expect(await customerOf(5)).toBe(5);

    await orders.relation('customer', 5).set(7);
    expect(await customerOf(5)).toBe(7);

    await orders.relation('customer', 5).unset();
    expect(await customerOf(5)).toBeNull();
  });

  it('lists, associates and dissociates a many-to-many relation', async () => {
    const tags = client().collection('products').relation('tags', 3);

    expect((await tags.list({ fields: ['label'] })).map(t => t.label)).toEqual(['metal']);

    await tags.associate(3);

    expect((await tags.list({ fields: ['label'], sort: 'label' })).map(t => t.label)).toEqual([
      'metal',
      'sale',
    ]);

    await tags.dissociate([3]);

    expect(await tags.count()).toBe(1);
    expect(await client().collection('tags').count()).toBe(3);
  });

  it('dissociates with delete', async () => {
    const orders = client().collection('customers').relation('orders', 5);
    await orders.dissociate([20], { delete: true });

    expect(
      await client()
        .collection('orders')
        .count({ filters: { field: 'id', operator: 'Equal', value: 20 } }),
    ).toBe(0);
  });
});
