'use strict';
// An agent process for the fault suites: the built `@grove/agent` with `@grove/datasource-sql` on
// the `orders` table of the PostgreSQL schema GROVE_FAULT_SHOP_SCHEMA, its connections named
// GROVE_FAULT_APPLICATION_NAME (what pg_terminate_backend cuts), connected to the platform at
// GROVE_FAULT_SERVER_URL: strict activity logs, a permission cache of 900 s. With
// GROVE_FAULT_SLOW_LIST_MS, every list of orders waits that long before its query (a request
// under way when the agent restarts). No handler of uncaught errors: one ends the process, which
// is what the tests look for. It writes JSON lines on its standard output: `{ type: 'ready', url }`
// once it serves, and `{ type: 'log', level, message, error }` for its logs (Debug ones only about
// the event stream, not every SQL statement).
const { createAgent } = require('@grove/agent');
const { createSqlDataSource } = require('@grove/datasource-sql');

const send = message => process.stdout.write(`${JSON.stringify(message)}\n`);
const env = process.env;

const agent = createAgent({
  authSecret: env.GROVE_FAULT_AUTH_SECRET,
  envSecret: env.GROVE_FAULT_ENV_SECRET,
  serverUrl: env.GROVE_FAULT_SERVER_URL,
  schemaPath: env.GROVE_FAULT_SCHEMA_PATH,
  isProduction: false,
  activityLogs: 'strict',
  permissionsCacheTtlSeconds: 900,
  loggerLevel: 'Debug',
  logger: (level, message, error) => {
    if (level === 'Debug' && !message.includes('event stream')) return;
    send({ type: 'log', level, message, error: error ? String(error) : undefined });
  },
}).addDataSource(
  createSqlDataSource({
    uri: env.GROVE_FAULT_SHOP_URL,
    schema: env.GROVE_FAULT_SHOP_SCHEMA,
    dialectOptions: { application_name: env.GROVE_FAULT_APPLICATION_NAME },
  }),
);
const slowListMs = Number(env.GROVE_FAULT_SLOW_LIST_MS ?? 0);
if (slowListMs > 0) {
  agent.customizeCollection('orders', orders =>
    orders.addHook('Before', 'List', () => new Promise(resolve => setTimeout(resolve, slowListMs))),
  );
}
agent.mountOnStandaloneServer(0, '127.0.0.1');
agent.start().then(
  () => {
    process.once('SIGTERM', () => agent.stop().then(() => process.exit(0)));
    send({ type: 'ready', url: `http://127.0.0.1:${agent.port}` });
  },
  error => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
