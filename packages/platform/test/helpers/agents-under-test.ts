import { createAgent as createVendorAgent } from '@forestadmin/agent';
import { createSqlDataSource as createVendorSqlDataSource } from '@forestadmin/datasource-sql';
import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import { Sequelize } from 'sequelize';

/** What an end-to-end test gives the agent it starts against a platform. */
export interface AgentOptions {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly authSecret: string;
  readonly schemaPath: string;
  /** The agent's own data: a SQLite file made by {@link createShopDatabase}. */
  readonly databasePath: string;
}

/** A started agent (routes under `<url>/forest`). */
export interface StartedAgent {
  readonly url: string;
  stop(): Promise<void>;
}

/** An agent implementation the end-to-end suite runs. */
export interface AgentUnderTest {
  readonly name: string;
  start(options: AgentOptions): Promise<StartedAgent>;
}

/**
 * A small shop in a new SQLite file: `customers` (2) and `orders` (6: ids 1…6, status `paid` for
 * even ids, `pending` for odd ones).
 */
export async function createShopDatabase(storage: string): Promise<void> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
  try {
    await sequelize.query(
      'CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) NOT NULL)',
    );
    await sequelize.query(
      `CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, status VARCHAR(255) NOT NULL,
         amount INTEGER NOT NULL)`,
    );
    await sequelize.query("INSERT INTO customers (name) VALUES ('Ada'), ('Grace')");
    for (let n = 1; n <= 6; n += 1) {
      await sequelize.query('INSERT INTO orders (status, amount) VALUES (?, ?)', {
        replacements: [n % 2 === 0 ? 'paid' : 'pending', n * 10],
      });
    }
  } finally {
    await sequelize.close();
  }
}

/** Grove's agent, with its platform client unchanged. */
export const groveAgent: AgentUnderTest = {
  name: 'Grove agent',
  async start(options) {
    const agent = createAgent({
      authSecret: options.authSecret,
      envSecret: options.envSecret,
      serverUrl: options.serverUrl,
      schemaPath: options.schemaPath,
      isProduction: false,
      loggerLevel: 'Error',
      logger: () => undefined,
    }).addDataSource(createSqlDataSource(`sqlite:${options.databasePath}`));
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();

    return { url: `http://127.0.0.1:${agent.port}`, stop: () => agent.stop() };
  },
};

/** The vendor's published agent (`@forestadmin/agent` 1.78.11), used as an oracle client. */
export const vendorAgent: AgentUnderTest = {
  name: 'vendor agent (@forestadmin/agent 1.78.11)',
  async start(options) {
    const agent = createVendorAgent({
      authSecret: options.authSecret,
      envSecret: options.envSecret,
      forestServerUrl: options.serverUrl,
      schemaPath: options.schemaPath,
      isProduction: false,
      loggerLevel: 'Error',
      logger: () => undefined,
    }).addDataSource(createVendorSqlDataSource(`sqlite:${options.databasePath}`));
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();

    return { url: `http://127.0.0.1:${agent.standaloneServerPort}`, stop: () => agent.stop() };
  },
};
