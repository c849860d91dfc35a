import { createHmac, timingSafeEqual } from 'node:crypto';

const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

/**
 * Signs an HS256 JSON Web Token (the session token the agent issues at login).
 *
 * @example
 * ```ts
 * const token = signJwt({ id: 1, renderingId: 1 }, authSecret, 3600);
 * ```
 */
export function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  expiresInSeconds: number,
  now: number = Math.floor(Date.now() / 1000),
): string {
  const body = base64url(JSON.stringify({ ...payload, iat: now, exp: now + expiresInSeconds }));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');

  return `${header}.${body}.${signature}`;
}

/**
 * Verifies an HS256 token's signature and expiry; returns its payload or `undefined`.
 *
 * @example
 * ```ts
 * const payload = verifyJwt(token, authSecret);
 * if (!payload) throw new UnauthorizedError('Authentication Error');
 * ```
 */
export function verifyJwt(
  token: string,
  secret: string,
  now: number = Math.floor(Date.now() / 1000),
): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, body, signature] = parts as [string, string, string];

  let decodedHeader: unknown;
  let payload: unknown;
  try {
    decodedHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if ((decodedHeader as { alg?: unknown } | null)?.alg !== 'HS256') return undefined;

  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;

  const { exp } = payload as { exp?: unknown };
  if (typeof exp === 'number' && exp <= now) return undefined;

  return payload as Record<string, unknown>;
}
