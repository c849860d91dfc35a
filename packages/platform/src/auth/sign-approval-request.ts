import { signSessionToken } from '@grove/platform-client';

/** How long a signed approval request is accepted by the agent (`exp`). */
export const SIGNED_APPROVAL_LIFETIME_SECONDS = 3600;

/**
 * Signs an approved action request for the agent (docs/platform-protocol.md#approvals): an HS256
 * JWT, keyed with the environment's env secret (its UTF-8 bytes, as the agent verifies), whose
 * payload is the action request body (with `data.attributes.requester_id`) plus `iat` and an `exp`
 * one hour later. Signed by the one JWT implementation of Grove (`@grove/platform-client`, on
 * `jose`).
 *
 * @example
 * ```ts
 * const jwt = await signApprovalRequest({ data: { attributes: { requester_id: 7 } } }, envSecret);
 * ```
 */
export function signApprovalRequest(
  body: Readonly<Record<string, unknown>>,
  envSecret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return signSessionToken(body, {
    secret: envSecret,
    expiresInSeconds: SIGNED_APPROVAL_LIFETIME_SECONDS,
    now,
  });
}
