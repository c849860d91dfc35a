import { createHmac, timingSafeEqual } from 'node:crypto';

import { decodeCanonicalBase64url } from '../encoding/decode-canonical-base64url';

/** Where workflow webhook URLs live, below the public URL. */
export const WORKFLOW_WEBHOOK_PATH = '/v1/webhooks/workflows';

const SIGNED_ID = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Uint8Array, workflowId: number, urlVersion: number): Buffer {
  return createHmac('sha256', key)
    .update(`grove-workflow-webhook:${workflowId}:${urlVersion}`)
    .digest();
}

/**
 * The signed id of a workflow's webhook URL: `<workflow id>.<url version>.<HMAC-SHA256>`.
 * Regenerating the URL bumps the version, so the old URL's id stops matching.
 *
 * @example
 * ```ts
 * const url = `${publicUrl}${WORKFLOW_WEBHOOK_PATH}/${signWorkflowWebhookId(key, 12, 1)}`;
 * ```
 */
export function signWorkflowWebhookId(
  key: Uint8Array,
  workflowId: number,
  urlVersion: number,
): string {
  return `${workflowId}.${urlVersion}.${signature(key, workflowId, urlVersion).toString('base64url')}`;
}

/**
 * The full webhook URL of a workflow (what the admin copies).
 *
 * @example
 * ```ts
 * workflowWebhookUrl('https://grove.example.com', key, 12, 1);
 * // https://grove.example.com/v1/webhooks/workflows/12.1.<signature>
 * ```
 */
export function workflowWebhookUrl(
  publicUrl: string,
  key: Uint8Array,
  workflowId: number,
  urlVersion: number,
): string {
  return `${publicUrl.replace(/\/+$/, '')}${WORKFLOW_WEBHOOK_PATH}/${signWorkflowWebhookId(key, workflowId, urlVersion)}`;
}

/**
 * Reads a signed id: `{ workflowId, urlVersion }` when its shape and signature hold (compared
 * in constant time, spelled exactly as {@link signWorkflowWebhookId} spells it), `null` when it
 * is malformed or tampered with. Whether the version is still the workflow's current one is for
 * the caller to check.
 *
 * @example
 * ```ts
 * const id = verifyWorkflowWebhookId(key, req.params.signedId); // null ⇒ 400
 * ```
 */
export function verifyWorkflowWebhookId(
  key: Uint8Array,
  signedId: string,
): { workflowId: number; urlVersion: number } | null {
  const match = SIGNED_ID.exec(signedId);
  if (!match) return null;
  const workflowId = Number(match[1]);
  const urlVersion = Number(match[2]);
  // The canonical spelling only: base64url's last character carries 2 bits that decoding drops,
  // so 4 spellings decode to one signature; only the canonical one is the URL
  // (docs/public-api.md#lists).
  const given = decodeCanonicalBase64url(match[3]!);
  const expected = signature(key, workflowId, urlVersion);

  return given && given.length === expected.length && timingSafeEqual(given, expected)
    ? { workflowId, urlVersion }
    : null;
}
