import type { RemoteAgentClient } from '@forestadmin/agent-client';
import { createSqlDataSource } from '@grove/datasource-sql';
import type { Agent } from '../../../src/agent/agent';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';
import { createSqliteLibrary } from './sqlite-library';
import type { SqliteLibrary } from './sqlite-library';
import { connectVendorClient } from './vendor-client';

/** A Grove agent serving the SQLite library, the vendor client that drives it, and the file. */
export interface LibraryAgent {
  readonly agent: TestAgent;
  readonly client: RemoteAgentClient<Record<string, unknown>>;
  readonly db: SqliteLibrary;
  stop(): Promise<void>;
}

/**
 * Starts a real Grove agent over a fresh SQLite library (`@grove/datasource-sql`), customized by
 * `customize`, and connects the vendor client to it. `stop()` stops the agent, then deletes the
 * file.
 */
export async function startLibraryAgent(
  customize: (agent: Agent) => void = () => undefined,
): Promise<LibraryAgent> {
  const db = await createSqliteLibrary();
  try {
    const agent = await startTestAgent(grove => {
      grove.addDataSource(createSqlDataSource({ dialect: 'sqlite', storage: db.storage }));
      customize(grove);
    });
    const client = await connectVendorClient(agent);

    return {
      agent,
      client,
      db,
      async stop() {
        await agent.stop();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
