import { Sequelize } from 'sequelize';
import { createSqlShop } from '../../helpers/sql-shop';
import type { SqlShop } from '../../helpers/sql-shop';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';
const unexpected = {
  errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
};

describe('driver errors on a real SQLite database', () => {
  let shop: SqlShop;
  let agent: TestAgent;
  let auth: { Authorization: string };
  /** A second connection to the shop's file, to change the database under the agent. */
  let admin: Sequelize;

  beforeAll(async () => {
    shop = await createSqlShop(20);
    admin = new Sequelize({ dialect: 'sqlite', storage: shop.path, logging: false });
    await admin.query(
      'CREATE TABLE coupons (id INTEGER PRIMARY KEY AUTOINCREMENT, code VARCHAR(20) NOT NULL UNIQUE, percent INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100))',
    );
    await admin.query("INSERT INTO coupons (id, code, percent) VALUES (1, 'WELCOME', 10)");
    await admin.query('CREATE TABLE scratch (id INTEGER PRIMARY KEY, note VARCHAR(20))');
    await admin.query("INSERT INTO scratch (id, note) VALUES (1, 'kept')");
    agent = await startTestAgent(a => {
      a.addDataSource(shop.factory());
    });
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterAll(async () => {
    await agent.stop();
    await admin.close();
    await shop.drop();
  });

  const createCoupon = (attributes: Record<string, unknown>) =>
    agent
      .http()
      .post(`/forest/coupons?${tz}`)
      .set(auth)
      .send({ data: { type: 'coupons', attributes } });

  it('a check constraint violation is a 400 naming the field, and writes nothing', async () => {
    const response = await createCoupon({ code: 'HALF', percent: 150 });
    const [rows] = await admin.query("SELECT id FROM coupons WHERE code = 'HALF'");

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      {
        name: 'ValidationError',
        detail:
          "The query violates a check constraint in the database on 'coupons.percent'. Please ensure that the value is allowed.",
        status: 400,
        data: { fields: ['percent'] },
      },
    ]);
    expect(rows).toEqual([]);
  });

  it('a unique violation is a 400 naming the field', async () => {
    const response = await createCoupon({ code: 'WELCOME', percent: 20 });
    const [rows] = await admin.query("SELECT percent FROM coupons WHERE code = 'WELCOME'");

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      name: 'ValidationError',
      detail:
        "The query violates a unicity constraint in the database on 'coupons.code'. Please ensure that you are not duplicating information across records.",
      data: { fields: ['code'] },
    });
    expect(rows).toEqual([{ percent: 10 }]);
  });

  describe('once a table is dropped under the agent', () => {
    beforeAll(async () => {
      await admin.query('DROP TABLE scratch');
    });

    /** The error the agent logged for a response, found by its correlation id. */
    const loggedFor = (response: { headers: Record<string, string> }) => {
      const id = response.headers['x-forest-correlation-id'] as string;

      return agent.logs.filter(log => log.level === 'Error' && log.message.includes(id));
    };

    it.each([
      ['a list', () => agent.http().get(`/forest/scratch?${tz}`)],
      ['a count', () => agent.http().get(`/forest/scratch/count?${tz}`)],
      [
        'an update',
        () =>
          agent
            .http()
            .put(`/forest/scratch/1?${tz}`)
            .send({ data: { type: 'scratch', id: '1', attributes: { note: 'changed' } } }),
      ],
      ['a delete', () => agent.http().delete(`/forest/scratch/1?${tz}`)],
    ])(
      '%s is a 500 "Unexpected error" without the driver message, the cause logged',
      async (_, send) => {
        const response = await send().set(auth);
        const logged = loggedFor(response);

        expect(response.status).toBe(500);
        expect(response.body).toEqual(unexpected);
        expect(response.text).not.toMatch(/SQLITE|no such table|scratch"/i);
        expect(logged).toHaveLength(1);
        const error = logged[0]?.error as Error & { code?: string; cause?: Error };
        expect(error.code).toBe('InternalServerError');
        expect(error.cause?.message).toMatch(/no such table: scratch/);
      },
    );
  });
});
