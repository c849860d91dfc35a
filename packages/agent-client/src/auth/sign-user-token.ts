import { createHmac } from 'node:crypto';
import type { AgentUser } from './agent-user';

/** Options of {@link signUserToken}. */
export interface SignUserTokenOptions {
  /** The agent's `authSecret` (HS256 key). */
  readonly authSecret: string;
  readonly user: AgentUser;
  /** Lifetime in seconds (default 3600, like the agent's own tokens). */
  readonly expiresInSeconds?: number;
  /** Clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}

function base64Url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * Signs a user session token the way an agent does after login: a JWT, HS256 with the auth
 * secret, with the user's claims plus `iat` and `exp`.
 *
 * @example
 * ```ts
 * const token = signUserToken({ authSecret: process.env.GROVE_AUTH_SECRET!, user: { id: 1, renderingId: 1 } });
 * await fetch(`${agentUrl}/forest/books?timezone=UTC`, { headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export function signUserToken(options: SignUserTokenOptions): string {
  const iat = Math.floor((options.now ?? Date.now)() / 1000);
  const payload = { ...options.user, iat, exp: iat + (options.expiresInSeconds ?? 3600) };
  const unsigned = `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(
    JSON.stringify(payload),
  )}`;
  const signature = createHmac('sha256', options.authSecret).update(unsigned).digest('base64url');

  return `${unsigned}.${signature}`;
}
