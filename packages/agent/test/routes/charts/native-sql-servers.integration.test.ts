import { randomUUID } from 'node:crypto';
import { QueryTypes, Sequelize } from 'sequelize';
import { createSqlDataSource } from '@grove/datasource-sql';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

const tz = 'timezone=Europe%2FParis';

/** Writes by any trick each server knows; every one must leave `orders` as it was. */
const attacks: Record<'postgres' | 'mariadb', readonly string[]> = {
  postgres: [
    'WITH d AS (DELETE FROM orders RETURNING 1) SELECT count(*) AS value FROM d',
    'SELECT $t$ ; $t$ AS value; DELETE FROM orders',
    "SELECT E'\\' AS value; DELETE FROM orders; -- '",
    'SELECT 1 AS value /* /* */ ; DELETE FROM orders */',
    'SELECT count(*) AS value INTO copied FROM orders',
    "SELECT nextval('orders_id_seq') AS value",
    'SELECT grove_side_effect() AS value',
    'UPDATE orders SET amount = 0',
  ],
  mariadb: [
    "SELECT '\\' AS value; DELETE FROM orders; -- '",
    'SELECT 1 AS value; DELETE FROM orders',
    'SELECT count(*) AS value FROM orders INTO @copied',
    'SELECT grove_side_effect() AS value',
    'DROP TABLE orders',
    'DELETE FROM orders',
  ],
};

const servers = [
  {
    name: 'PostgreSQL',
    dialect: 'postgres' as const,
    variable: 'POSTGRES_URL',
    url: process.env.POSTGRES_URL,
  },
  {
    name: 'MariaDB',
    dialect: 'mariadb' as const,
    variable: 'MARIADB_URL',
    url: process.env.MARIADB_URL?.replace(/^mysql:/, 'mariadb:'),
  },
];

/**
 * Native SQL is read-only by the database's own guarantee on the servers too (running agent,
 * SQLite in native-sql-read-only.test.ts): charts and live-query segments that try to write
 * are refused (the lexer's 422, or the read-only transaction's error) and nothing changes.
 */
for (const { name: serverName, dialect, variable, url } of servers) {
  // A server without its URL variable: its tests are reported skipped, with one line saying why.
  describeOrSkip(
    missingEnv(variable),
    `native SQL is read-only on ${serverName} (running agent)`,
    () => {
      const name = `grove_agent_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      let admin: Sequelize;
      let scoped: Sequelize;
      let agent: TestAgent;
      let auth: { Authorization: string };
      const state = async () =>
        scoped.query('SELECT COUNT(*) AS n, SUM(amount) AS total FROM orders', {
          type: QueryTypes.SELECT,
        });
      let initial: unknown;

      beforeAll(async () => {
        admin = new Sequelize(url as string, { logging: false, pool: { max: 1 } });
        let options: Parameters<typeof createSqlDataSource>[0];
        if (dialect === 'postgres') {
          await admin.query(`CREATE SCHEMA "${name}"`);
          scoped = new Sequelize(url as string, {
            logging: false,
            dialectOptions: { options: `-c search_path=${name}` },
          });
          options = { uri: url as string, schema: name };
        } else {
          await admin.query(`CREATE DATABASE \`${name}\``);
          const scopedUrl = (url as string).replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
          scoped = new Sequelize(scopedUrl, { logging: false });
          options = { uri: scopedUrl };
        }
        await scoped.query(
          dialect === 'postgres'
            ? 'CREATE TABLE orders (id SERIAL PRIMARY KEY, amount INTEGER NOT NULL)'
            : 'CREATE TABLE orders (id INTEGER AUTO_INCREMENT PRIMARY KEY, amount INTEGER NOT NULL)',
        );
        await scoped.query('INSERT INTO orders (amount) VALUES (10), (20), (30)');
        await scoped.query(
          dialect === 'postgres'
            ? 'CREATE FUNCTION grove_side_effect() RETURNS integer LANGUAGE sql VOLATILE AS $$ DELETE FROM orders; SELECT 1 $$'
            : 'CREATE FUNCTION grove_side_effect() RETURNS INTEGER MODIFIES SQL DATA BEGIN DELETE FROM orders; RETURN 1; END',
        );
        initial = await state();
        agent = await startTestAgent(a => {
          a.addDataSource(createSqlDataSource(options, { liveQueryConnections: 'main' }));
        });
        auth = { Authorization: `Bearer ${await agent.token()}` };
      });
      afterAll(async () => {
        await agent?.stop();
        await scoped?.close();
        await admin?.query(
          dialect === 'postgres' ? `DROP SCHEMA "${name}" CASCADE` : `DROP DATABASE \`${name}\``,
        );
        await admin?.close();
      });

      it('starts with 3 orders worth 60', () => {
        const [row] = initial as Array<{ n: unknown; total: unknown }>;

        expect([Number(row?.n), Number(row?.total)]).toEqual([3, 60]);
      });

      it('serves a legitimate native query', async () => {
        const response = await agent.http().post('/forest/_internal/native_query').set(auth).send({
          type: 'Value',
          connectionName: 'main',
          query: 'SELECT SUM(amount) AS value FROM orders',
        });

        expect([response.status, response.body.data?.attributes.value]).toEqual([
          200,
          { countCurrent: 60 },
        ]);
      });

      it.each(attacks[dialect])(
        'refuses %j as a chart and as a segment, nothing written',
        async query => {
          const chart = await agent
            .http()
            .post('/forest/_internal/native_query')
            .set(auth)
            .send({ type: 'Value', connectionName: 'main', query });
          const segment = await agent
            .http()
            .get(
              `/forest/orders?${tz}&connectionName=main&segmentQuery=${encodeURIComponent(query)}`,
            )
            .set(auth);

          expect(
            [chart.status, segment.status].map(status => status >= 400 && status < 500),
          ).toEqual([true, true]);
          expect(await state()).toEqual(initial);
        },
      );
    },
  );
}
