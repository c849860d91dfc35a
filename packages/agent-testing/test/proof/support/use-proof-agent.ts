import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAgentTestClient,
  createForestServerSandbox,
  type AgentTestClient,
  type ForestServerSandbox,
} from '../../../src';
import type { RunningAgent } from './agent-under-test';
import { createFixtureDatabase } from './fixture-database';
import { selectAgentUnderTest } from './select-agent-under-test';

/** Everything a proof test file works with. */
export interface ProofAgent {
  readonly sandbox: ForestServerSandbox;
  readonly agent: RunningAgent;
  readonly client: AgentTestClient;
  readonly envSecret: string;
  readonly authSecret: string;
}

/**
 * Starts, for one test file, a sandbox, the selected agent under test on a fresh copy of the
 * fixture database, and a test client; stops and deletes all of it after the file. The order
 * matters: the sandbox first (the agent calls it while starting), the client last (it reads the
 * schema file the agent wrote).
 */
export function useProofAgent(): () => ProofAgent {
  let proof: ProofAgent | undefined;
  let directory: string | undefined;
  let sandbox: ForestServerSandbox | undefined;
  let agent: RunningAgent | undefined;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-agent-testing-'));
    const databasePath = join(directory, 'fixture.sqlite');
    const schemaPath = join(directory, '.grove-schema.json');
    const envSecret = randomBytes(32).toString('hex');
    const authSecret = randomBytes(16).toString('hex');
    await createFixtureDatabase(databasePath);

    sandbox = await createForestServerSandbox(0);
    agent = await selectAgentUnderTest().start({
      serverUrl: sandbox.url,
      schemaPath,
      envSecret,
      authSecret,
      databasePath,
    });
    const client = await createAgentTestClient({
      agentForestEnvSecret: envSecret,
      agentForestAuthSecret: authSecret,
      agentUrl: agent.url,
      serverUrl: sandbox.url,
      agentSchemaPath: schemaPath,
    });
    proof = { sandbox, agent, client, envSecret, authSecret };
  });

  afterAll(async () => {
    // The agent first: a sandbox closed under a running agent makes it reconnect in a loop.
    await agent?.stop();
    await sandbox?.close();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  });

  return () => {
    if (proof === undefined)
      throw new Error('The proof agent is not started (use it inside a test)');

    return proof;
  };
}
