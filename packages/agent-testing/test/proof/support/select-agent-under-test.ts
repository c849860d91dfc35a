import { groveAgent } from '../agents/grove-agent';
import { vendorAgent } from '../agents/vendor-agent';
import type { AgentUnderTest } from './agent-under-test';

/**
 * The agents the proof suite knows, by the name `GROVE_PROOF_AGENT` selects (default `vendor`).
 * `npm test` runs the suite against both; the suite itself does not change.
 */
const agents: Readonly<Record<string, AgentUnderTest>> = { vendor: vendorAgent, grove: groveAgent };

/** The agent the proof suite runs against. */
export function selectAgentUnderTest(): AgentUnderTest {
  const name = process.env.GROVE_PROOF_AGENT ?? 'vendor';
  const agent = agents[name];
  if (agent === undefined) {
    throw new Error(
      `GROVE_PROOF_AGENT=${name} is unknown; known: ${Object.keys(agents).join(', ')}`,
    );
  }

  return agent;
}
