import { signDelegationToken } from '@grove/platform-client';
import type { DelegationClaim } from '@grove/platform-client';

import type { DelegatedIdentity } from './find-delegated-identity';

/**
 * Signs the token the platform calls an environment's agent with when it acts for a user (a
 * workflow step): HS256 with the env secret, the user's session claims, `aud`
 * `grove-agent-delegation`, `grove_delegation` naming the origin (run, step, API token), valid
 * five minutes. Whoever holds the env secret can sign these: only the platform and the agent do.
 *
 * @example
 * ```ts
 * const token = await signDelegation(identity, { source: 'webhook', workflowRunId }, envSecret);
 * ```
 */
export function signDelegation(
  identity: DelegatedIdentity,
  delegation: DelegationClaim,
  envSecret: string,
): Promise<string> {
  return signDelegationToken(identity.claims, delegation, { secret: envSecret });
}
