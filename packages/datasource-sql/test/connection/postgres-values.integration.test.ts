import { QueryTypes } from 'sequelize';
import { SqlConnection } from '../../src/connection/sql-connection';
import { resolveConnectionOptions } from '../../src/connection/resolve-connection-options';
import { availableConnections } from '../helpers/connections';

const servers = availableConnections().filter(c => c.dialect === 'postgres');
if (!servers.length) process.stdout.write('skipped: no POSTGRES_URL\n');

// The values pg hands back on the data source's own pool are the ones Sequelize's parsers gave:
// its Sequelize (`nativeDriver`) is the oracle.
describe.each(servers)('$name: values read on the driver pool', server => {
  const suffix = `${process.pid}_${Date.now()}`;
  const mood = `grove_mood_${suffix}`;
  const table = `grove_values_${suffix}`;
  let connection: SqlConnection;

  beforeAll(async () => {
    connection = await SqlConnection.open(resolveConnectionOptions(server.url ?? ''));
    await connection.run(`CREATE TYPE ${mood} AS ENUM ('sad', 'ok', 'happy')`);
    // A new connection of the pool learns the new enum's array type.
    await connection.close();
    connection = await SqlConnection.open(resolveConnectionOptions(server.url ?? ''));
    await connection.run(
      `CREATE TABLE ${table} (id serial PRIMARY KEY, day date, days date[], at timestamptz,
        at_local timestamp, price numeric(10, 2), big int8, small int2, flag bool, doc json,
        docb jsonb, uid uuid, clock time, bytes bytea, ints int4[], texts text[],
        feeling ${mood}, feelings ${mood}[], ratio float8)`,
    );
    await connection.run(
      `INSERT INTO ${table} (day, days, at, at_local, price, big, small, flag, doc, docb, uid,
        clock, bytes, ints, texts, feeling, feelings, ratio) VALUES
        ('2024-02-29', '{2024-01-01,infinity}', '2024-03-31 01:30:00+00', '2024-03-31 02:30:00',
         12.5, 9007199254740993, 7, true, '{"a":[1,2]}', '{"b":{"c":null}}',
         'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '13:45:00', '\\x00ff', '{1,2,3}',
         '{"a b","c,d",NULL}', 'happy', '{sad,ok}', 0.25),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, NULL, NULL, NULL)`,
    );
  });

  afterAll(async () => {
    await connection.run(`DROP TABLE IF EXISTS ${table}`);
    await connection.run(`DROP TYPE IF EXISTS ${mood}`);
    await connection.close();
  });

  it('reads every column as Sequelize does, outside and inside a transaction', async () => {
    const sql = `SELECT * FROM ${table} ORDER BY id`;

    const direct = await connection.select(sql);
    const inTransaction = await connection.transaction(() => connection.select(sql));
    const oracle = await connection.sequelize.query(sql, { type: QueryTypes.SELECT });

    expect(direct).toEqual(oracle);
    expect(inTransaction).toEqual(oracle);
    // What those values are: a date stays its text, arrays of dates and enums are arrays.
    expect(direct[0]).toMatchObject({
      day: '2024-02-29',
      days: ['2024-01-01', Infinity],
      at: new Date('2024-03-31T01:30:00Z'),
      price: '12.50',
      big: '9007199254740993',
      flag: true,
      feeling: 'happy',
      feelings: ['sad', 'ok'],
      texts: ['a b', 'c,d', null],
    });
  });

  it('binds values as Sequelize does: $$ is a dollar, a NUL in text is written \\0', async () => {
    const [row] = await connection.select(
      "SELECT $1::text AS nul, $2::int AS two, '$$1' AS dollars",
      ['x\0y', 2],
    );

    expect(row).toEqual({ nul: 'x\\0y', two: 2, dollars: '$1' });
  });

  it('rolls a failed transaction back, and the pool goes on', async () => {
    const failure = await connection
      .transaction(async () => {
        await connection.run(`UPDATE ${table} SET small = 8 WHERE small = 7`);
        await connection.run(`UPDATE ${table} SET small = 'x'`);
      })
      .catch((e: unknown) => e);

    expect(failure).toMatchObject({ code: '22P02' });
    expect(await connection.select(`SELECT small FROM ${table} WHERE small IS NOT NULL`)).toEqual([
      { small: 7 },
    ]);
  });
});
