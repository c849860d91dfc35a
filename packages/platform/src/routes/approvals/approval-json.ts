import type { ApprovalRequestRow } from '../../database/models/platform-models';

/**
 * The JSON:API form of an approval request (`type: 'action-approvals'`), snake_case like the
 * body the agent client posts.
 *
 * @example
 * ```ts
 * res.json({ data: approvalJson(approval) });
 * ```
 */
export function approvalJson(approval: ApprovalRequestRow) {
  return {
    id: String(approval.id),
    type: 'action-approvals',
    attributes: {
      status: approval.status,
      action_name: approval.actionName,
      collection_name: approval.collectionName,
      record_ids: approval.recordIds,
      inputs: approval.inputs,
      environment_id: approval.environmentId,
      rendering_id: approval.renderingId,
      requester_id: approval.requesterId,
      requester_email: approval.requesterEmail,
      reviewer_id: approval.reviewerId,
      comments: approval.comments,
      created_at: approval.createdAt,
    },
  };
}
