// A process of its own (docs/decisions.md#d27-lost-database-connections): opens the built data
// source on PostgreSQL, cuts its connection from another one in the middle of a transaction, and
// prints what each step answered. An unhandled 'error' would end it with code 1 before `done`.
const { createSqlDataSource } = require('../../dist');
const { Client } = require('pg');

async function main() {
  const url = process.env.CUT_URL;
  const dataSource = await createSqlDataSource(url)(
    () => undefined,
    async () => undefined,
  );
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const steps = {};
  try {
    await dataSource.transaction(async () => {
      const [row] = await dataSource.connection.select('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [row.pid]);
      for (;;) {
        const { rows } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [
          row.pid,
        ]);
        if (rows.length === 0) break;
      }
      // The client learns of the cut while checked out and idle.
      await new Promise(resolve => setTimeout(resolve, 50));
      await dataSource.connection.select('SELECT 1');
    });
    steps.transaction = 'resolved';
  } catch (error) {
    steps.transaction = error.message;
  }
  const [next] = await dataSource.connection.select('SELECT 2 AS two');
  steps.next = next.two;
  await admin.end();
  await dataSource.close();
  process.stdout.write(`${JSON.stringify({ done: true, ...steps })}\n`);
}

main().catch(error => {
  process.stderr.write(String(error?.stack ?? error));
  process.exit(2);
});
