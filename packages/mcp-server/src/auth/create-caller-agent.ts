import { createAgentClient, withClaimTwins } from '@grove/agent-client';
import type { AgentClient } from '@grove/agent-client';

import type { McpPlatform } from '../platform/mcp-platform';
import type { DelegationTokenCache } from './delegation-token-cache';
import type { McpCaller } from './mcp-caller';

/** How the tools reach the agent (mounted: an in-process `fetch`; standalone: HTTP). */
export interface CallerAgentOptions {
  readonly platform: McpPlatform;
  /** Signs (or hands out again) the caller's delegated token. */
  readonly delegationTokens: DelegationTokenCache;
  /** The agent's URL (without its prefix). */
  readonly agentUrl: string;
  readonly agentPrefix?: string;
  readonly fetch?: typeof fetch;
  readonly schema?: unknown;
}

/**
 * An agent client acting as the caller: every request carries a delegated token (HS256 with the
 * env secret, `grove_delegation: { source: 'mcp' }`, the user's claims from the platform's user
 * info), so the agent applies the user's rights and logs the operation with source `mcp`. The
 * token is the one {@link DelegationTokenCache} holds for the same claims while it is fresh.
 *
 * @example
 * ```ts
 * const agent = await createCallerAgent(caller, { platform, delegationTokens, agentUrl });
 * await agent.collection('books').count();
 * ```
 */
export async function createCallerAgent(
  caller: McpCaller,
  options: CallerAgentOptions,
): Promise<AgentClient> {
  const user = await options.platform.userInfo(caller.renderingId, caller.accessToken);
  // The snake_case twins of agents in other languages; the rendering id as a string, as before.
  const claims = withClaimTwins({ ...user, rendering_id: String(caller.renderingId) });
  const token = await options.delegationTokens.token(claims);

  return createAgentClient({
    url: options.agentUrl,
    token,
    timeoutMs: 10_000,
    ...(options.agentPrefix === undefined ? {} : { prefix: options.agentPrefix }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.schema === undefined ? {} : { schema: options.schema }),
  });
}
