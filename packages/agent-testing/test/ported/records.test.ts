// A test file ported from the vendor's `@forestadmin/agent-testing`: only the vendor client's
// method names and options (see the README, "Porting from the vendor's agent-testing"). The
// agent, sandbox and client come from the proof suite's setup (`useProofAgent`), which does what
// a vendor user's `beforeAll` does: sandbox, then agent, then `createAgentTestClient`.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useProofAgent } from '../proof/support/use-proof-agent';

// Record types as vendor users declare them: interfaces, without an index signature.
interface Tag {
  id: number;
  label: string;
}

describe('ported: records', () => {
  const proof = useProofAgent();
  const client = () => proof().client;

  it('lists with filters, sort, pagination and fields', async () => {
    const parisians = await client()
      .collection('customers')
      .list<{ id: number; name: string }>({
        filters: { field: 'city', operator: 'Equal', value: 'Paris' },
        sort: { field: 'name', ascending: false },
        pagination: { size: 2, number: 1 },
        fields: ['id', 'name'],
      });

    expect(parisians).toEqual([
      { id: 13, name: 'Customer 13' },
      { id: 10, name: 'Customer 10' },
    ]);
  });

  it('projects a to-one relation with rel@@@col', async () => {
    const [order] = await client()
      .collection('orders')
      .list({
        filters: { field: 'id', operator: 'Equal', value: 16 },
        fields: ['id', 'customer@@@name'],
      });

    expect(order).toMatchObject({ id: 16, customer: { name: 'Customer 01' } });
  });

  it('reads snake_case columns under their camelCase names', async () => {
    const [order] = await client()
      .collection('orders')
      .list<{ customerId: number; orderedAt: string }>({
        filters: { field: 'id', operator: 'Equal', value: 2 },
      });

    expect(order?.customerId).toBe(2);
    expect(new Date(String(order?.orderedAt)).toISOString()).toBe('2024-01-02T10:00:00.000Z');
  });

  it('counts with an aggregated condition tree (snake_case on the wire)', async () => {
    const count = await client()
      .collection('orders')
      .count({
        filters: {
          aggregator: 'And',
          conditions: [
            { field: 'status', operator: 'Equal', value: 'paid' },
            { field: 'amount', operator: 'GreaterThan', value: 200 },
          ],
        },
      });

    expect(count).toBe(5);
  });

  it('searches, also in relations with shouldSearchInRelation', async () => {
    const found = await client().collection('customers').search('customer05@');
    const orders = await client()
      .collection('orders')
      .list({ search: 'Customer 03', shouldSearchInRelation: true, fields: ['id'] });

    expect(found.map(c => c.id)).toEqual([5]);
    expect(orders.map(o => o.id)).toEqual([3, 18]);
  });

  it('gets, creates, updates and deletes a record', async () => {
    const tags = client().collection('tags');

    expect(await tags.getOne<Tag>(2)).toMatchObject({ id: 2, label: 'metal' });

    const created = await tags.create<Tag>({ label: 'new' });
    await tags.update(created.id, { label: 'renamed' });

    expect(await tags.getOne(created.id)).toMatchObject({ label: 'renamed' });

    await tags.delete([created.id]);

    expect(await tags.count()).toBe(3);
  });

  it('lists a segment with segment(name).list()', async () => {
    const parisians = await client()
      .collection('customers')
      .segment('Parisians')
      .list({ fields: ['id'] });

    expect(parisians.map(c => c.id)).toEqual([1, 4, 7, 10, 13]);
  });

  it('lists a SQL segment with liveQuerySegment(...).list()', async () => {
    const lyonnais = await client()
      .collection('customers')
      .liveQuerySegment({
        connectionName: 'main',
        query: "SELECT id FROM customers WHERE city = 'Lyon'",
      })
      .list({ fields: ['id'] });

    expect(lyonnais.map(c => c.id)).toEqual([2, 5, 8, 11, 14]);
  });

  it('reads the capabilities of a collection', async () => {
    const { fields } = await client().collection('customers').capabilities();
    const city = fields.find(field => field.name === 'city');

    expect(city).toMatchObject({ name: 'city', type: 'String' });
    expect(city?.operators).toEqual(expect.arrayContaining(['equal', 'in']));
  });

  it('exports CSV into a file stream, also for a segment', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'ported-csv-'));
    try {
      const all = join(directory, 'all.csv');
      const segment = join(directory, 'segment.csv');

      await client()
        .collection('customers')
        .exportCsv(createWriteStream(all), {
          fields: ['id', 'name'],
          filters: { field: 'id', operator: 'LessThan', value: 3 },
        });
      await client()
        .collection('customers')
        .segment('Parisians')
        .exportCsv(createWriteStream(segment), { fields: ['id'] });

      expect((await readFile(all, 'utf8')).trim().split('\n')).toEqual([
        'id,name',
        '1,Customer 01',
        '2,Customer 02',
      ]);
      expect((await readFile(segment, 'utf8')).trim().split('\n')).toEqual([
        'id',
        '1',
        '4',
        '7',
        '10',
        '13',
      ]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('lists, counts, associates and dissociates related records', async () => {
    const orders = client().collection('customers').relation('orders', 1);
    const tags = client().collection('products').relation('tags', 3);

    expect((await orders.list({ fields: ['id'] })).map(o => o.id)).toEqual([1, 16]);
    expect(await orders.count()).toBe(2);

    await tags.associate(3);
    expect(await tags.count()).toBe(2);

    await tags.dissociate([3]);
    expect(await tags.count()).toBe(1);
  });

  it('overrides and clears permissions', async () => {
    await client().overrideCollectionPermission('tags', { browseEnabled: false });
    await expect(client().collection('tags').list()).rejects.toThrow();

    await client().clearPermissionOverride();
    expect(await client().collection('tags').list()).toHaveLength(3);
  });

  it('benchmarks a call', async () => {
    const result = await client()
      .benchmark()
      .times(3)
      .run(() => client().collection('tags').count());

    expect(result.times).toBe(3);
    expect(result.durations).toHaveLength(3);
    expect(result.total).toBeCloseTo(result.durations.reduce((a, b) => a + b, 0));
    expect(result.min).toBeLessThanOrEqual(result.average);
    expect(result.max).toBeGreaterThanOrEqual(result.average);
    expect(() => client().benchmark().times(0)).toThrow('Times must be greater than 0');
  });
});
