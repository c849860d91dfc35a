import { createHmac } from 'node:crypto';

/** How long a signed approval request is accepted by the agent (`exp`). */
export const SIGNED_APPROVAL_LIFETIME_SECONDS = 3600;

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * Signs an approved action request for the agent (spec §4.4): an HS256 JWT, keyed with the
 * environment's env secret (its UTF-8 bytes, as the agent verifies), whose payload is the action
 * request body (with `data.attributes.requester_id`) plus `iat` and an `exp` one hour later.
 *
 * @example
 * ```ts
 * const jwt = signApprovalRequest({ data: { attributes: { requester_id: 7 } } }, envSecret);
 * ```
 */
export function signApprovalRequest(
  body: Readonly<Record<string, unknown>>,
  envSecret: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ ...body, iat: now, exp: now + SIGNED_APPROVAL_LIFETIME_SECONDS }),
  );
  const signature = createHmac('sha256', envSecret).update(`${header}.${payload}`).digest();

  return `${header}.${payload}.${base64url(signature)}`;
}
