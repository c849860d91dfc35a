import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import type { Agent } from '../../src/agent/agent';
import { authSecret, envSecret, startFakePlatform } from '../helpers/fake-platform';
import type { FakePlatform } from '../helpers/fake-platform';
import { createSqlShop } from '../helpers/sql-shop';
import type { SqlShop } from '../helpers/sql-shop';
import { sessionToken } from '../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

describe('the README example', () => {
  let platform: FakePlatform;
  let shop: SqlShop;
  let agent: Agent;
  let http: () => supertest.Agent;
  const auth = { Authorization: '' };
  const environment = { ...process.env };
  const cwd = process.cwd();

  beforeAll(async () => {
    auth.Authorization = `Bearer ${await sessionToken()}`;
    platform = await startFakePlatform();
    shop = await createSqlShop(30);
    process.env = {
      ...environment,
      GROVE_AUTH_SECRET: authSecret,
      GROVE_ENV_SECRET: envSecret,
      GROVE_SERVER_URL: platform.url,
      DATABASE_URL: `sqlite:${shop.path}`,
      PORT: '0',
    };
    // The example writes `.grove-schema.json` in the working directory.
    process.chdir(tmpdir());
    ({ agent } = jest.requireActual<{ agent: Agent }>('./readme-example'));
    for (let attempt = 0; attempt < 100 && agent.port === undefined; attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 50));
    }
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const health = await supertest(`http://127.0.0.1:${agent.port}`).get('/forest');
      if (health.body.message === 'Agent is running') break;
      await new Promise(resolve => setTimeout(resolve, 50));
    }
    http = () => supertest.agent(`http://127.0.0.1:${agent.port}`);
  });
  afterAll(async () => {
    await agent.stop();
    await platform.close();
    await shop.drop();
    process.env = environment;
    process.chdir(cwd);
  });

  it('is the code the README shows, verbatim', async () => {
    const readme = await readFile(join(__dirname, '../../README.md'), 'utf8');
    const example = await readFile(join(__dirname, 'readme-example.ts'), 'utf8');

    expect(readme).toContain(`<!-- readme-example:start -->\n\n\`\`\`ts\n${example}\`\`\`\n`);
  });

  it('serves the computed field', async () => {
    const response = await http()
      .get(`/forest/customers?${tz}&sort=id&page[size]=2&fields[customers]=id,displayName`)
      .set(auth);

    expect(response.body.data.map((c: { attributes: unknown }) => c.attributes)).toEqual([
      { id: 1, displayName: 'Customer 1 (Lyon)' },
      { id: 2, displayName: 'Customer 2 (Paris)' },
    ]);
  });

  it('runs the action with its form: the conditional field, success and error', async () => {
    const body = (values: Record<string, unknown>) => ({
      data: { attributes: { collection_name: 'orders', ids: ['2'], values } },
    });
    const form = await http()
      .post(`/forest/_actions/orders/0/refund/hooks/change?${tz}`)
      .set(auth)
      .send({
        data: {
          attributes: {
            collection_name: 'orders',
            ids: ['2'],
            changed_field: 'Reason',
            fields: [
              {
                field: 'Reason',
                type: 'Enum',
                enums: ['damaged', 'late', 'other'],
                value: 'other',
              },
            ],
          },
        },
      });
    const refund = await http()
      .post(`/forest/_actions/orders/0/refund?${tz}`)
      .set(auth)
      .send(body({ Reason: 'late' }));
    const again = await http()
      .post(`/forest/_actions/orders/0/refund?${tz}`)
      .set(auth)
      .send(body({ Reason: 'late' }));

    expect(form.body.fields.map((f: { field: string }) => f.field)).toEqual(['Reason', 'Comment']);
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({
      success: 'Order 2 refunded (late)',
      refresh: { relationships: [] },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Already refunded' });
  });

  it('renders the chart from the database', async () => {
    const response = await http().get(`/forest/_charts/paidRevenue?${tz}`).set(auth);
    // The expectation is read back through the list route (the action test refunds an order).
    const paid = await http()
      .get(
        `/forest/orders?${tz}&page[size]=100&fields[orders]=amount&filters=${encodeURIComponent(
          JSON.stringify({ field: 'status', operator: 'equal', value: 'paid' }),
        )}`,
      )
      .set(auth);
    const total = paid.body.data.reduce(
      (sum: number, order: { attributes: { amount: number } }) => sum + order.attributes.amount,
      0,
    );

    expect(total).toBeGreaterThan(0);
    expect(response.body).toEqual({ countCurrent: total });
  });
});
