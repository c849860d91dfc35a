import { createAgentClient } from '../../src';
import type { AgentClient } from '../../src';
import { startFakeAgent } from './fake-agent';
import type { FakeAgent } from './fake-agent';
import { schema } from './schema';

/** A fake agent and a client on it (timezone UTC, with the test schema), reset between tests. */
export function useFakeAgent(): { agent: () => FakeAgent; client: () => AgentClient } {
  let agent: FakeAgent | undefined;
  let client: AgentClient | undefined;
  beforeAll(async () => {
    agent = await startFakeAgent();
    client = createAgentClient({ url: agent.url, authSecret: 'secret', timezone: 'UTC', schema });
  });
  afterAll(() => agent?.close());
  beforeEach(() => agent?.reset());

  return {
    agent: () => agent as FakeAgent,
    client: () => client as AgentClient,
  };
}
