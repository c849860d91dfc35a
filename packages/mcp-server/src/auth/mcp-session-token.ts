import { createHmac } from 'node:crypto';

import { signSessionToken, verifySessionToken } from '@grove/platform-client';
import { decodeJwt } from 'jose';

const TYPE = 'grove-mcp-session+jwt';

/** What a refresh token given to MCP clients carries. */
export interface McpSession {
  /** The platform's refresh token. */
  readonly refreshToken: string;
  readonly clientId: string;
  /** When the user logged in (seconds): the anchor of the `refreshTokenSeconds` cap. */
  readonly startedAt: number;
}

/** A key of its own, derived from the env secret: never a delegated or session token's key. */
function keyOf(envSecret: string): Uint8Array {
  return createHmac('sha256', envSecret).update('grove-mcp-session').digest();
}

/**
 * Wraps the platform's refresh token with the session's start and client (HS256 with a key
 * derived from the env secret, signed by `@grove/platform-client`'s `signSessionToken`), expiring with the platform's token or the session cap.
 *
 * @example
 * ```ts
 * const token = await signMcpSession(session, envSecret, sessionCapSeconds);
 * ```
 */
export async function signMcpSession(
  session: McpSession,
  envSecret: string,
  capSeconds: number | undefined,
): Promise<string> {
  let exp: number | undefined;
  try {
    const inner = decodeJwt(session.refreshToken).exp;
    if (typeof inner === 'number') exp = inner;
  } catch {
    exp = undefined;
  }
  if (capSeconds !== undefined) {
    const cap = session.startedAt + capSeconds;
    exp = exp === undefined ? cap : Math.min(exp, cap);
  }
  const now = Math.floor(Date.now() / 1000);

  return signSessionToken(
    { rt: session.refreshToken, cid: session.clientId, sst: session.startedAt },
    {
      secret: keyOf(envSecret),
      type: TYPE,
      now,
      ...(exp === undefined ? {} : { expiresInSeconds: exp - now }),
    },
  );
}

/**
 * The session inside a refresh token made by {@link signMcpSession}: `'expired'` when it expired,
 * null when it is not one (bad signature, other type, garbage).
 *
 * @example
 * ```ts
 * const session = await verifyMcpSession(body.refresh_token, envSecret);
 * ```
 */
export async function verifyMcpSession(
  token: string,
  envSecret: string,
): Promise<McpSession | 'expired' | null> {
  if (token.length > 8192) return null;
  try {
    const payload = await verifySessionToken(token, {
      secret: keyOf(envSecret),
      type: TYPE,
      requireExpiry: false,
    });
    if (
      typeof payload.rt !== 'string' ||
      typeof payload.cid !== 'string' ||
      typeof payload.sst !== 'number'
    ) {
      return null;
    }

    return { refreshToken: payload.rt, clientId: payload.cid, startedAt: payload.sst };
  } catch (error) {
    const { cause } = error as { cause?: { code?: unknown } };

    return cause?.code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
  }
}
