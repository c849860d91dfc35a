import { UnprocessableError } from '@grove/datasource-toolkit';
import { verifySessionToken } from '@grove/platform-client';

/**
 * The body of an action execution once the approval envelope, if any, is opened.
 *
 * @example
 * ```ts
 * const approval: ActionRequest = {
 *   body: { data: { attributes: { ids: ['12'], requester_id: 7 } } },
 *   attributes: { ids: ['12'], requester_id: 7 },
 *   requesterId: 7,
 * };
 * ```
 */
export interface ActionRequest {
  /** The body to process: the request's own, or the payload of a signed approval. */
  readonly body: { readonly data?: unknown };
  /** `data.attributes` of that body (empty when missing). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The user who asked for the approval; set only on the approval path. */
  readonly requesterId?: number;
}

/**
 * Reads the body of `POST /_actions/…` (docs/agent-protocol.md#execute). A
 * `signed_approval_request` is a JWT the platform signed with the environment secret; its payload —
 * the original request, including `requester_id` — replaces the outer body. Without it, a
 * `requester_id` is refused: only the platform may claim to execute on behalf of someone else.
 *
 * @param body - `request.body`.
 * @param envSecret - The environment secret (`services.options.envSecret`).
 * @throws UnprocessableError (422, detail `Unexpected error`) on an unsigned `requester_id`.
 * @throws Error (500, as the vendor's agent answers) when the signed request does not verify.
 *
 * @example
 * ```ts
 * const { body, attributes, requesterId } = await readActionRequest(request.body, options.envSecret);
 * ```
 */
export async function readActionRequest(body: unknown, envSecret: string): Promise<ActionRequest> {
  const outer = asRecord(body);
  const outerAttributes = attributesOf(outer);
  const signed = outerAttributes.signed_approval_request;

  if (signed === undefined || signed === null) {
    if (outerAttributes.requester_id !== undefined && outerAttributes.requester_id !== null) {
      throw new UnprocessableError('');
    }

    return { body: outer, attributes: outerAttributes };
  }

  // The platform signs approvals with the environment secret; an `exp` is checked when present.
  const payload =
    typeof signed === 'string'
      ? await verifySessionToken(signed, { secret: envSecret, requireExpiry: false }).catch(
          () => undefined,
        )
      : undefined;
  if (!payload) throw new Error('Invalid or expired signed approval request');

  const attributes = attributesOf(payload);
  const requesterId = readUserId(attributes.requester_id);
  if (requesterId === undefined) throw new Error('The signed approval request names no requester');

  return { body: payload, attributes, requesterId };
}

/** A user id sent as a number or a numeric string. */
function readUserId(value: unknown): number | undefined {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function attributesOf(body: Record<string, unknown>): Record<string, unknown> {
  return asRecord(asRecord(body.data).attributes);
}
