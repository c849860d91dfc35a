import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';

/** A running Grove agent over one in-memory collection `books`, and how to stop it. */
export interface BooksAgent {
  readonly agent: Agent;
  /** `http://127.0.0.1:<port>` (without `/forest`). */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts a Grove agent on a free port against a platform, over `books` (one record, id 1), its
 * schema file in a temporary directory removed by `stop()`.
 */
export async function startBooksAgent(options: {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly authSecret: string;
  /** Skip the schema upload (the platform then has none). */
  readonly skipSchemaUpdate?: boolean;
}): Promise<BooksAgent> {
  const directory = await mkdtemp(join(tmpdir(), 'grove-books-agent-'));
  const agent = createAgent({
    authSecret: options.authSecret,
    envSecret: options.envSecret,
    serverUrl: options.serverUrl,
    schemaPath: join(directory, '.grove-schema.json'),
    ...(options.skipSchemaUpdate ? { skipSchemaUpdate: true } : {}),
    logger: () => undefined,
  });
  agent.addDataSource(
    inMemoryDataSourceFactory({
      collections: {
        books: {
          fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } },
          records: [{ id: 1 }],
        },
      },
    }),
  );
  agent.mountOnStandaloneServer(0, '127.0.0.1');
  try {
    await agent.start();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  return {
    agent,
    url: `http://127.0.0.1:${agent.port}`,
    stop: async () => {
      await agent.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
