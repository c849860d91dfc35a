import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentTestClient, createForestServerSandbox } from '../../src';
import type { RunningAgent } from './support/agent-under-test';
import { createFixtureDatabase } from './support/fixture-database';
import { selectAgentUnderTest } from './support/select-agent-under-test';

// The seed's usage, as written: the sandbox on a port, the agent pointed at it through
// GROVE_SERVER_URL, the client on `localhost` URLs, then `sandbox.close()`.
describe('the seed example', () => {
  const agentForestEnvSecret = randomBytes(32).toString('hex');
  const agentForestAuthSecret = randomBytes(16).toString('hex');
  let directory: string;
  let agent: RunningAgent | undefined;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-seed-'));
    await createFixtureDatabase(join(directory, 'fixture.sqlite'));
  });
  afterAll(async () => {
    await agent?.stop();
    delete process.env.GROVE_SERVER_URL;
    await rm(directory, { recursive: true, force: true });
  });

  it('lists the 15 customers through the sandbox', async () => {
    const sandbox = await createForestServerSandbox(0);
    process.env.GROVE_SERVER_URL = `http://localhost:${sandbox.port}`;
    const agentSchemaPath = join(directory, '.grove-schema.json');
    agent = await selectAgentUnderTest().start({
      serverUrl: process.env.GROVE_SERVER_URL,
      schemaPath: agentSchemaPath,
      envSecret: agentForestEnvSecret,
      authSecret: agentForestAuthSecret,
      databasePath: join(directory, 'fixture.sqlite'),
    });

    const client = await createAgentTestClient({
      agentForestEnvSecret,
      agentForestAuthSecret,
      agentUrl: agent.url.replace('127.0.0.1', 'localhost'),
      serverUrl: `http://localhost:${sandbox.port}`,
      agentSchemaPath,
    });
    expect(await client.collection('customers').list()).toHaveLength(15);
    await agent.stop();
    agent = undefined;
    await sandbox.close();
  });
});
