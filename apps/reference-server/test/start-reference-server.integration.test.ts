import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createAgentClient } from '@grove/agent-client';
import type { AgentClient } from '@grove/agent-client';
import { startReferenceServer } from '../src';
import type { ReferenceServer } from '../src';
import { availableDemoConnections } from './demo-database/helpers/demo-test-connections';
import { createScratchDemoDatabase } from './demo-database/helpers/scratch-demo-database';
import type { ScratchDemoDatabase } from './demo-database/helpers/scratch-demo-database';

const connections = availableDemoConnections();
const envSecret = 'cd'.repeat(32);
const authSecret = 'reference-server-integration-auth-secret';

// The same customizations on every database DATABASE_URL can point at.
describe.each(connections)('$name: the reference server', connection => {
  let scratch: ScratchDemoDatabase;
  let directory: string;
  let server: ReferenceServer;
  let client: AgentClient;

  beforeAll(async () => {
    scratch = await createScratchDemoDatabase(connection);
    directory = await mkdtemp(join(tmpdir(), 'grove-reference-db-'));
    server = await startReferenceServer({
      databaseUrl: scratch.url,
      agentPort: 0,
      platformPort: 0,
      platformDatabaseUrl: `sqlite:${join(directory, 'platform.sqlite')}`,
      host: '127.0.0.1',
      authSecret,
      envSecret,
      schemaPath: join(directory, '.grove-schema.json'),
    });
    // The platform's admin, through the development environment's rendering: the rights the
    // platform stores apply to every request.
    client = createAgentClient({
      url: server.agentUrl,
      authSecret,
      user: server.user,
      schema: JSON.parse(await readFile(join(directory, '.grove-schema.json'), 'utf8')),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('seeded the shop and serves it, with the flattened address and the computed name', async () => {
    const [customer] = await client
      .collection('customers')
      .list({ sort: { field: 'id', ascending: true }, pagination: { size: 1 } });

    expect(server.counts).toEqual({
      companies: 40,
      customers: 1200,
      products: 150,
      orders: 3000,
      order_items: 5914,
    });
    expect(customer).toMatchObject({
      id: 1,
      full_name: `${String(customer?.first_name)} ${String(customer?.last_name)}`,
    });
    expect(typeof customer?.['address@@@city']).toBe('string');
  });

  it('filters on a flattened JSON field and on the imported email', async () => {
    const [first] = await client.collection('customers').list({ pagination: { size: 1 } });
    const city = String(first?.['address@@@city']);
    const inCity = await client.collection('customers').list({
      filters: { field: 'address@@@city', operator: 'Equal', value: city },
      pagination: { size: 500 },
    });
    const orders = await client.collection('orders').list({
      filters: { field: 'customer_email', operator: 'Equal', value: String(first?.email) },
      pagination: { size: 500 },
    });

    expect(inCity.length).toBeGreaterThan(0);
    expect(inCity.every(customer => customer['address@@@city'] === city)).toBe(true);
    expect(orders.every(order => order.customer_id === first?.id)).toBe(true);
  });

  it('lists the products of an order through the relation added in code', async () => {
    const products = await client.collection('orders').relation('products', 1).list();

    expect(products.length).toBeGreaterThanOrEqual(1);
    expect(products.length).toBeLessThanOrEqual(4);
  });

  it('refuses a product with a negative price (validation), writing nothing', async () => {
    const products = client.collection('products');
    const before = await products.count();
    const refused = products.create({ name: 'Broken', category: 'Books', price: -1, stock: 1 });

    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(refused).rejects.toThrow(/price/);
    expect(await products.count()).toBe(before);
  });

  it('groups the revenue per month in the database', async () => {
    const revenue = await client.timeBasedChart('monthly_revenue');

    expect(revenue.length).toBeGreaterThanOrEqual(12);
    expect(revenue.every(point => point.values.value >= 0)).toBe(true);
  });
});
