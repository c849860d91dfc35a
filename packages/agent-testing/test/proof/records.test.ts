import { useProofAgent } from './support/use-proof-agent';

describe('records: list and count', () => {
  const proof = useProofAgent();
  const customers = () => proof().client.collection('customers');
  const orders = () => proof().client.collection('orders');

  it('lists a first page of 15 records with their schema field names', async () => {
    const records = await customers().list();

    expect(records).toHaveLength(15);
    expect(records[0]).toEqual({
      id: 1,
      name: 'Customer 01',
      email: 'customer01@example.com',
      city: 'Paris',
    });
  });

  it('filters with a condition tree', async () => {
    const records = await orders().list({
      filters: {
        aggregator: 'And',
        conditions: [
          { field: 'status', operator: 'Equal', value: 'paid' },
          { field: 'amount', operator: 'GreaterThan', value: 200 },
        ],
      },
      fields: ['id'],
    });

    expect(records.map(r => r.id)).toEqual([22, 24, 26, 28, 30]);
  });

  it('sorts descending', async () => {
    const records = await orders().list({
      sort: { field: 'amount', ascending: false },
      fields: ['id'],
    });

    expect(records.slice(0, 3).map(r => r.id)).toEqual([30, 29, 28]);
  });

  it('paginates', async () => {
    const records = await orders().list({
      sort: 'id',
      pagination: { size: 4, number: 3 },
      fields: ['id'],
    });

    expect(records.map(r => r.id)).toEqual([9, 10, 11, 12]);
  });

  it('projects the requested fields only', async () => {
    const [record] = await customers().list({ fields: ['id', 'city'], pagination: { size: 1 } });

    expect(record).toEqual({ id: 1, city: 'Paris' });
  });

  it('projects fields of a to-one relation', async () => {
    const [order] = await orders().list({
      fields: ['id', 'customer:name'],
      sort: 'id',
      pagination: { size: 1 },
    });

    expect(order).toMatchObject({ id: 1, customer: { name: 'Customer 01' } });
  });

  it('searches', async () => {
    const records = await customers().list({ search: 'customer07@' });

    expect(records.map(r => r.name)).toEqual(['Customer 07']);
  });

  it('lists a segment', async () => {
    const records = await customers().list({ segment: 'Parisians', fields: ['id'] });

    expect(records.map(r => r.id)).toEqual([1, 4, 7, 10, 13]);
  });

  it('counts all records, a filter and a segment', async () => {
    expect(await orders().count()).toBe(30);
    expect(
      await orders().count({ filters: { field: 'status', operator: 'Equal', value: 'pending' } }),
    ).toBe(15);
    expect(await customers().count({ segment: 'Parisians' })).toBe(5);
  });

  it('gets one record by id', async () => {
    expect(await customers().getOne(2)).toMatchObject({ id: 2, name: 'Customer 02', city: 'Lyon' });
  });

  it('exports CSV', async () => {
    const csv = await customers().exportCsvText({ fields: ['id', 'name'], segment: 'Parisians' });

    expect(csv.trim().split('\n')).toEqual([
      'id,name',
      '1,Customer 01',
      '4,Customer 04',
      '7,Customer 07',
      '10,Customer 10',
      '13,Customer 13',
    ]);
  });
});
