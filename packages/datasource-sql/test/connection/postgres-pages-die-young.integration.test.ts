import { getHeapSpaceStatistics } from 'node:v8';
import { SqlConnection } from '../../src/connection/sql-connection';
import { resolveConnectionOptions } from '../../src/connection/resolve-connection-options';
import { availableConnections } from '../helpers/connections';

const servers = availableConnections().filter(c => c.dialect === 'postgres');
if (!servers.length) process.stdout.write('skipped: no POSTGRES_URL\n');

/** Bytes used in V8's old space (where objects that outlive two scavenges are promoted). */
function oldSpaceUsed(): number {
  return getHeapSpaceStatistics().find(space => space.space_name === 'old_space')
    ?.space_used_size as number;
}

// A CSV export reads page after page: each page's rows are garbage once formatted, and must die
// in the young generation. Read with `await client.query(…)`, they outlived two scavenges:
// ~31 MB promoted over these 100 pages (measured in this test; the agent's RSS rose to idle +
// 57 MB for such an export); with `pg`'s callback, ~6.5 MB (see `queryRows` in postgres-pool.ts).
describe.each(servers)('$name: the rows of a page die young', server => {
  const table = `grove_pages_${process.pid}_${Date.now()}`;
  let connection: SqlConnection;

  beforeAll(async () => {
    connection = await SqlConnection.open(resolveConnectionOptions(server.url ?? ''));
    await connection.run(
      `CREATE TABLE ${table} AS SELECT id, 'first ' || id AS first_name, 'last ' || id AS last_name,
         'customer' || id || '@example.com' AS email, timestamptz '2024-01-01' + id * interval '1 minute' AS created_at
       FROM generate_series(1, 100000) AS id`,
    );
    await connection.run(`ALTER TABLE ${table} ADD PRIMARY KEY (id)`);
  });

  afterAll(async () => {
    await connection.run(`DROP TABLE IF EXISTS ${table}`);
    await connection.close();
  });

  it('100 pages of 1,000 rows, each formatted then dropped, promote under 15 MB', async () => {
    let promoted = 0;
    let before = oldSpaceUsed();
    let last = 0;
    let bytes = 0;
    for (let page = 0; page < 100; page += 1) {
      const rows = await connection.select(
        `SELECT * FROM ${table} WHERE id > $1 ORDER BY id LIMIT 1000`,
        [last],
      );
      let text = '';
      for (const row of rows) {
        text += `${row.id},${row.first_name},${row.last_name},${row.email},${(row.created_at as Date).toISOString()}\n`;
      }
      bytes += text.length;
      last = rows[rows.length - 1]?.id as number;
      // Growth only: a mark-compact in between frees what was promoted before it.
      const now = oldSpaceUsed();
      if (now > before) promoted += now - before;
      before = now;
    }

    expect(bytes).toBeGreaterThan(100_000 * 50);
    expect(promoted).toBeLessThan(15 * 1024 * 1024);
  });
});
