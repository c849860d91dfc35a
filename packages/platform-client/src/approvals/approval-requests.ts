import type { PlatformHttp } from '../http/platform-http';

/**
 * An action run waiting for an approver (docs/platform-protocol.md#approvals), as its requester
 * files it.
 */
export interface ApprovalRequestInput {
  readonly collectionName: string;
  readonly actionName: string;
  /** Record ids as strings (composite ids packed `a|b`); empty for a global action. */
  readonly recordIds: readonly string[];
  /** The form's fields with the values the requester chose. */
  readonly inputs: ReadonlyArray<{ readonly name: string; type: string; value: unknown }>;
  /** Why the requester runs it: added as the request's first comment. */
  readonly reasoning?: string;
}

/** Who files it: the user's platform access token and their rendering. */
export interface ApprovalRequestAuth {
  readonly userToken: string;
  readonly renderingId: number;
}

/**
 * Files an approval request as the user (`POST /api/action-approvals` with the rendering header),
 * then adds the reasoning as its first comment; answers the request's id.
 *
 * @example
 * ```ts
 * const { id } = await postApprovalRequest(http, { collectionName: 'orders', actionName: 'Refund',
 *   recordIds: ['42'], inputs: [], reasoning: 'Customer called twice' }, { userToken, renderingId: 3 });
 * ```
 */
export async function postApprovalRequest(
  http: PlatformHttp,
  request: ApprovalRequestInput,
  auth: ApprovalRequestAuth,
): Promise<{ id: string }> {
  const headers = {
    authorization: `Bearer ${auth.userToken}`,
    'forest-rendering-id': String(auth.renderingId),
  };
  const created = await http.request<{ data?: { id?: unknown } }>({
    method: 'POST',
    path: '/api/action-approvals',
    withoutSecret: true,
    headers,
    body: {
      data: {
        type: 'action-approvals',
        attributes: {
          collection_name: request.collectionName,
          action_name: request.actionName,
          record_ids: request.recordIds,
          inputs: request.inputs,
        },
      },
    },
  });
  const id = String(created?.data?.id);
  if (request.reasoning) {
    await http.request({
      method: 'POST',
      path: `/api/action-approvals/${encodeURIComponent(id)}/comments`,
      withoutSecret: true,
      headers,
      body: { data: { attributes: { comment: request.reasoning } } },
    });
  }

  return { id };
}
