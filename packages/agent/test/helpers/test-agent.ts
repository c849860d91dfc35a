import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { createAgent } from '../../src/create-agent';
import type { Agent } from '../../src/agent/agent';
import type { AgentOptions } from '../../src/options/agent-options';
import { signSessionToken } from '@grove/platform-client';
import { authSecret, envSecret, startFakePlatform } from './fake-platform';
import type { FakePlatform } from './fake-platform';
import { bookstoreFactory } from './bookstore';

export interface TestAgent {
  readonly agent: Agent;
  readonly platform: FakePlatform;
  readonly url: string;
  readonly schemaPath: string;
  readonly logs: Array<{ level: string; message: string; error?: unknown }>;
  /** A session token of the given user (default: user 1 on rendering 1, admin). */
  token(user?: Record<string, unknown>): Promise<string>;
  /** supertest on the running agent. */
  http(): supertest.Agent;
  stop(): Promise<void>;
}

/** A session token as the agent issues it at login. */
export function sessionToken(user: Record<string, unknown> = {}): Promise<string> {
  return signSessionToken(
    {
      id: 1,
      email: 'user1@example.com',
      firstName: 'First1',
      lastName: 'Last1',
      team: 'Operations',
      role: 'Admin',
      permissionLevel: 'admin',
      renderingId: 1,
      tags: {},
      ...user,
    },
    { secret: authSecret, expiresInSeconds: 3600 },
  );
}

/**
 * Starts a real agent (standalone server on a free port) over the bookstore, connected to a fake
 * platform, after `configure` added its customizations; `prepare` sets the platform's answers
 * (rights, users, renderings) before the agent starts and caches any of them.
 */
export async function startTestAgent(
  configure: (agent: Agent) => void = agent => {
    agent.addDataSource(bookstoreFactory());
  },
  options: Partial<AgentOptions> = {},
  prepare: (platform: FakePlatform) => void = () => {},
): Promise<TestAgent> {
  const platform = await startFakePlatform();
  prepare(platform);
  const directory = await mkdtemp(join(tmpdir(), 'grove-agent-'));
  const schemaPath = join(directory, '.grove-schema.json');
  const logs: TestAgent['logs'] = [];
  const agent = createAgent({
    authSecret,
    envSecret,
    serverUrl: platform.url,
    schemaPath,
    loggerLevel: 'Debug',
    logger: (level, message, error) => logs.push({ level, message, error }),
    ...options,
  });
  configure(agent);
  agent.mountOnStandaloneServer(0, '127.0.0.1');
  await agent.start();
  const url = `http://127.0.0.1:${agent.port}`;

  return {
    agent,
    platform,
    url,
    schemaPath,
    logs,
    token: sessionToken,
    http: () => supertest.agent(url),
    async stop() {
      await agent.stop();
      await platform.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
