import { GroveError } from '@grove/datasource-toolkit';
import { loadJose } from './load-jose';

import type { SessionTokenClaims } from './session-token';

/** The `aud` of a delegated token: what tells it apart from a session token. */
export const DELEGATION_AUDIENCE = 'grove-agent-delegation';

/** How long a delegated token is accepted by the agent (`exp` is `iat` plus this). */
export const DELEGATION_LIFETIME_SECONDS = 300;

/** Where a delegated operation comes from, carried as the `grove_delegation` claim. */
export interface DelegationClaim {
  readonly source: 'ui' | 'api' | 'webhook' | 'mcp';
  readonly apiTokenId?: number;
  readonly workflowRunId?: string;
  readonly workflowName?: string;
  readonly workflowStepName?: string;
}

/** Options of {@link signDelegationToken} and {@link verifyDelegationToken}. */
export interface DelegationTokenOptions {
  /** The HS256 key: the environment's env secret (never the agent's auth secret). */
  readonly secret: string;
  /** The current instant in seconds since the epoch (default: now). */
  readonly now?: number;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a delegated token: the platform acting as a user towards an environment's agent. HS256
 * with the env secret, the user's session claims (`id`, `email`, `team`, `role`, `renderingId`…)
 * plus `aud: 'grove-agent-delegation'`, `grove_delegation`, `iat` and an `exp` five minutes later.
 *
 * @example
 * ```ts
 * const token = await signDelegationToken(
 *   { id: 7, email: 'ada@example.com', team: 'Ops', role: 'Editor', renderingId: 3, tags: {} },
 *   { source: 'webhook', workflowRunId: runId },
 *   { secret: envSecret },
 * );
 * ```
 */
export async function signDelegationToken(
  claims: Readonly<Record<string, unknown>>,
  delegation: DelegationClaim,
  options: DelegationTokenOptions,
): Promise<string> {
  const iat = options.now ?? Math.floor(Date.now() / 1000);
  const { SignJWT } = await loadJose();

  return new SignJWT({ ...claims, grove_delegation: { ...delegation } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(DELEGATION_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + DELEGATION_LIFETIME_SECONDS)
    .sign(keyOf(options.secret));
}

/**
 * Verifies a delegated token: HS256 with the env secret, `aud` exactly
 * `grove-agent-delegation`, a numeric `exp` in the future and a `grove_delegation` object.
 *
 * @returns The token's claims.
 * @throws GroveError `UnauthorizedError` `Authentication Error` (the reason in `cause`).
 *
 * @example
 * ```ts
 * const claims = await verifyDelegationToken(token, { secret: envSecret });
 * claims.grove_delegation; // { source: 'webhook', workflowRunId: '…' }
 * ```
 */
export async function verifyDelegationToken(
  token: string,
  options: DelegationTokenOptions,
): Promise<SessionTokenClaims> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, keyOf(options.secret), {
      algorithms: ['HS256'],
      audience: DELEGATION_AUDIENCE,
      requiredClaims: ['exp', 'aud', 'grove_delegation'],
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now * 1000) }),
    });
    const delegation = payload.grove_delegation;
    if (typeof delegation !== 'object' || delegation === null || Array.isArray(delegation)) {
      throw new Error('grove_delegation is not an object');
    }

    return payload;
  } catch (cause) {
    throw new GroveError('UnauthorizedError', 'Authentication Error', { cause });
  }
}

/**
 * Whether verified claims are those of a delegated token (an `aud` naming the delegation
 * audience, or a `grove_delegation` claim): such a token is never a session token, whatever
 * secret it verifies with.
 *
 * @example
 * ```ts
 * if (isDelegationClaims(claims)) throw new GroveError('UnauthorizedError', 'Authentication Error');
 * ```
 */
export function isDelegationClaims(claims: SessionTokenClaims): boolean {
  const audience = claims.aud;
  const audiences = Array.isArray(audience) ? audience : [audience];

  return audiences.includes(DELEGATION_AUDIENCE) || claims.grove_delegation !== undefined;
}
