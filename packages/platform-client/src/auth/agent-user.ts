import type { DelegationClaim } from './delegation-token';

/**
 * The user of an agent session token: the claims an agent issues at login
 * (docs/agent-protocol.md#session-tokens), as the agent reads them after verifying the token. The
 * one `AgentUser` of Grove: the agent verifies it, the agent client signs (part of) it, the
 * platform computes it. A type, not an interface, so that it goes where claim records are
 * expected.
 *
 * @example
 * ```ts
 * const user: AgentUser = {
 *   id: 1, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace',
 *   team: 'Ops', role: 'Admin', permissionLevel: 'admin', renderingId: 1, tags: {},
 * };
 * ```
 */
export type AgentUser = {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The user's (first) team name. */
  readonly team: string;
  readonly role: string;
  readonly permissionLevel?: 'admin' | 'developer' | 'editor' | 'user';
  readonly renderingId?: number;
  readonly tags: Readonly<Record<string, string>>;
  /** Set when the operation is delegated (workflow runs); the activity logs' source. */
  readonly delegation?: DelegationClaim;
};
