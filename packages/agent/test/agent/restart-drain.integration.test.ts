import { Sequelize, QueryTypes } from 'sequelize';
import { createSqlShop, type SqlShop } from '../helpers/sql-shop';
import { startTestAgent, type TestAgent } from '../helpers/test-agent';

// docs/decisions.md#d27-lost-database-connections: a restart (the event stream reopened, or
// `refresh-customizations`) closes the previous connections only after the requests using them.
describe('restart drains the requests in flight before closing the connections', () => {
  let shop: SqlShop;
  let test: TestAgent;
  /** While `held`, lists wait in a Before hook: `arrive` counts them in, `release` lets them go. */
  const gate = {
    held: false,
    arrived: 0,
    release: () => undefined as void,
    opened: Promise.resolve(),
    onArrive: () => undefined as void,
  };

  beforeAll(async () => {
    shop = await createSqlShop(3);
    test = await startTestAgent(agent => {
      agent.addDataSource(shop.factory());
      agent.customizeCollection('customers', customers => {
        const wait = async () => {
          if (!gate.held) return;
          gate.arrived += 1;
          gate.onArrive();
          await gate.opened;
        };
        customers.addHook('Before', 'List', wait);
      });
    });
  }, 60_000);
  afterAll(async () => {
    await test?.stop();
    await shop?.drop();
  });

  const customerNames = async (): Promise<string[]> => {
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: shop.path, logging: false });
    const rows = await sequelize.query<{ name: string }>('SELECT name FROM customers ORDER BY id', {
      type: QueryTypes.SELECT,
    });
    await sequelize.close();

    return rows.map(row => row.name);
  };

  it('answers 200 to the requests started before the restart, on the old connections', async () => {
    const auth = { Authorization: `Bearer ${await test.token()}` };
    const before = await customerNames();
    gate.held = true;
    gate.opened = new Promise(resolve => (gate.release = resolve));
    const bothIn = new Promise<void>(resolve => {
      gate.onArrive = () => (gate.arrived === 2 ? resolve() : undefined);
    });
    const read = test
      .http()
      .get('/forest/customers?timezone=UTC&fields[customers]=id,name')
      .set(auth);
    const other = test.http().get('/forest/customers?timezone=UTC&fields[customers]=id').set(auth);
    const answers = Promise.all([read.then(r => r), other.then(r => r)]);
    await bothIn;

    await test.agent.restart();
    gate.held = false;
    gate.release();
    const [listed, ids] = await answers;

    expect([listed.status, ids.status]).toEqual([200, 200]);
    expect(listed.body.data).toHaveLength(before.length);
    expect(ids.body.data).toHaveLength(before.length);
    expect(await customerNames()).toEqual(before);
    expect(test.logs.filter(log => log.level === 'Error')).toEqual([]);
    // The new connections serve, writes included.
    const created = await test
      .http()
      .post('/forest/customers?timezone=UTC')
      .set(auth)
      .send({ data: { type: 'customers', attributes: { name: 'After restart' } } });
    expect(created.status).toBe(200);
    expect(await customerNames()).toEqual([...before, 'After restart']);
  });
});
