import { createSqlShop } from '../../helpers/sql-shop';
import type { SqlShop } from '../../helpers/sql-shop';
import { startTestAgent } from '../../helpers/test-agent';
import type { AgentOptions } from '../../../src/options/agent-options';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';
const csv = `/forest/orders.csv?${tz}&fields[orders]=id&header=Id`;

describe('page and export size caps on a running agent', () => {
  let shop: SqlShop;
  let agent: TestAgent | undefined;

  beforeAll(async () => {
    shop = await createSqlShop(12);
  });
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
  });
  afterAll(() => shop.drop());

  async function get(path: string, options: Partial<AgentOptions> = {}) {
    agent = agent ?? (await startTestAgent(a => a.addDataSource(shop.factory()), options));

    return agent
      .http()
      .get(path)
      .set('Authorization', `Bearer ${await agent.token()}`);
  }

  it.each([
    ['99999999999999999999999', '99999999999999999999999'],
    ['100000000', '100000000'],
    ['10001', '10001'],
  ])('refuses page[size]=%s over the default cap with a 400', async size => {
    const response = await get(`/forest/orders?${tz}&page[size]=${size}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'ValidationError',
          detail: `Invalid pagination: page[size] is ${size}, a page holds at most 10000 records`,
          status: 400,
        },
      ],
    });
  });

  it('serves a page at the default cap', async () => {
    const response = await get(`/forest/orders?${tz}&page[size]=10000&fields[orders]=id`);

    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(12);
  });

  it('refuses a page number whose offset is past any safe integer', async () => {
    const response = await get(
      `/forest/orders?${tz}&page[size]=100&page[number]=99999999999999999`,
    );

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe(
      'Invalid pagination [limit: 100, skip: 99999999999999999]',
    );
  });

  it('applies maxPageSize to lists, related lists and exports', async () => {
    const options = { maxPageSize: 5 };
    const list = await get(`/forest/orders?${tz}&page[size]=6`, options);
    const related = await get(`/forest/customers/1/relationships/orders?${tz}&page[size]=6`);
    const exported = await get(`${csv}&page[size]=6`);
    const fits = await get(`/forest/orders?${tz}&page[size]=5&fields[orders]=id`);

    expect([list.status, related.status, exported.status, fits.status]).toEqual([
      400, 400, 400, 200,
    ]);
    expect(fits.body.data).toHaveLength(5);
  });

  it('refuses an export over maxExportSize with a JSON 400 before any byte of CSV', async () => {
    const response = await get(csv, { maxExportSize: 11 });

    expect(response.status).toBe(400);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({
      errors: [
        {
          name: 'ValidationError',
          detail:
            'The export holds more than 11 records, the most this agent exports: narrow the filters',
          status: 400,
        },
      ],
    });
  });

  it('serves an export at maxExportSize, and a filtered one under it', async () => {
    const whole = await get(csv, { maxExportSize: 12 });
    const filters = encodeURIComponent(
      JSON.stringify({ field: 'customer_id', operator: 'equal', value: 1 }),
    );
    const filtered = await get(`${csv}&filters=${filters}`);

    expect(whole.status).toBe(200);
    expect(whole.text.split('\n')).toHaveLength(14);
    expect(filtered.status).toBe(200);
    expect(filtered.text).toBe('Id\n1\n11\n');
  });

  it('applies maxExportSize to related exports', async () => {
    const response = await get(
      `/forest/customers/1/relationships/orders.csv?${tz}&fields[orders]=id&header=Id`,
      { maxExportSize: 1 },
    );

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain('more than 1 records');
  });

  it('keeps limitExportSize cutting the file when it is under maxExportSize', async () => {
    const response = await get(csv, { maxExportSize: 5, limitExportSize: 3 });

    expect(response.status).toBe(200);
    expect(response.text).toBe('Id\n1\n2\n3\n');
  });
});
