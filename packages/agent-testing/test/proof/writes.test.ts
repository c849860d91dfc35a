import { useProofAgent } from './support/use-proof-agent';

describe('records: create, update, delete', () => {
  const proof = useProofAgent();
  const customers = () => proof().client.collection('customers');
  const orders = () => proof().client.collection('orders');

  it('creates a record and answers it with its new id', async () => {
    const created = await customers().create({
      name: 'Ada',
      email: 'ada@example.com',
      city: 'London',
    });

    expect(created).toEqual({ id: 16, name: 'Ada', email: 'ada@example.com', city: 'London' });
    expect(await customers().count()).toBe(16);
  });

  it('creates a record linked to a to-one relation', async () => {
    const created = await orders().create(
      { amount: 5, status: 'pending', ordered_at: '2024-02-01T10:00:00.000Z' },
      { relationships: { customer: 3 } },
    );
    const [order] = await orders().list({
      filters: { field: 'id', operator: 'Equal', value: created.id },
      fields: ['id', 'customer:id'],
    });

    expect(order).toMatchObject({ id: created.id, customer: { id: 3 } });
  });

  it('updates a record and answers the new values', async () => {
    const updated = await customers().update(2, { city: 'Marseille' });

    expect(updated).toMatchObject({ id: 2, city: 'Marseille' });
    expect(await customers().getOne(2)).toMatchObject({ city: 'Marseille' });
  });

  it('deletes one record', async () => {
    await customers().delete(16);

    expect(
      await customers().count({ filters: { field: 'id', operator: 'Equal', value: 16 } }),
    ).toBe(0);
  });

  it('deletes several records', async () => {
    const first = await customers().create({ name: 'Bob', email: 'bob@example.com', city: 'Rome' });
    const second = await customers().create({
      name: 'Eve',
      email: 'eve@example.com',
      city: 'Rome',
    });
    await customers().delete([first.id as number, second.id as number]);

    expect(
      await customers().count({ filters: { field: 'city', operator: 'Equal', value: 'Rome' } }),
    ).toBe(0);
  });
});
