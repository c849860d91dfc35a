import { signSessionToken } from '@grove/platform-client';
import type { AgentUserClaims } from './agent-user';

/** Options of {@link signUserToken}. */
export interface SignUserTokenOptions {
  /** The agent's `authSecret` (HS256 key). */
  readonly authSecret: string;
  readonly user: AgentUserClaims;
  /** Lifetime in seconds (default 3600, like the agent's own tokens). */
  readonly expiresInSeconds?: number;
  /** Clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * Signs a user session token the way an agent does after login: a JWT, HS256 with the auth
 * secret, with the user's claims plus `iat` and `exp` (the platform client's
 * `signSessionToken`, the implementation agents verify with).
 *
 * @example
 * ```ts
 * const token = await signUserToken({ authSecret: process.env.GROVE_AUTH_SECRET!, user: { id: 1, renderingId: 1 } });
 * await fetch(`${agentUrl}/forest/books?timezone=UTC`, { headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export function signUserToken(options: SignUserTokenOptions): Promise<string> {
  return signSessionToken(options.user, {
    secret: options.authSecret,
    expiresInSeconds: options.expiresInSeconds ?? 3600,
    now: Math.floor((options.now ?? Date.now)() / 1000),
  });
}
