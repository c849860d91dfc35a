import { ForbiddenError, GroveError } from '@grove/datasource-toolkit';

import { environmentEnvSecret } from '../../auth/environment-env-secret';
import { signApprovalRequest } from '../../auth/sign-approval-request';
import { handle } from '../../http/async-handler';
import { bearerUser } from '../../http/bearer-user';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { canApprove } from '../../permissions/can-approve';
import { approvalJson } from './approval-json';
import { findMemberApproval } from './find-reviewable-approval';

/**
 * `POST /api/action-approvals/:id/approve` and `…/reject` (docs/platform-protocol.md#approvals):
 * the Bearer user (401), a member of the request's project (404 otherwise), whose role holds
 * `approve` on the action — `selfApprove` for their own request (403). Once only: a request no
 * longer pending is a 409 (a conditional update, so two approvers racing get one 200 and one 409).
 * Approving answers the request with `attributes.signed_approval_request`: the action request body
 * (with `requester_id`) signed HS256 with the environment's env secret, which the approver's front
 * end posts to the agent. No body is read.
 *
 * @example
 * ```ts
 * mountReviewApproval(router, context);
 * ```
 */
export const mountReviewApproval: PlatformRouteMounter = (router, context) => {
  const { db } = context;

  const review = (decision: 'approve' | 'reject') =>
    handle(async (req, res) => {
      const user = await bearerUser(context, req, 'approval-review');
      const { id } = req.params as { id: string };
      const { approval, roleId } = await findMemberApproval(context, user, id);
      if (!(await canApprove(db, roleId, user.id, approval))) {
        throw new ForbiddenError(
          approval.requesterId === user.id
            ? 'Your role may not approve its own requests of this action'
            : 'Your role may not approve this action',
        );
      }
      const conflict = () =>
        new GroveError('ConflictError', `The approval request ${approval.id} was already reviewed`);
      if (approval.status !== 'pending') throw conflict();
      let signed: string | undefined;
      if (decision === 'approve') {
        const environment = await db.models.Environment.findByPk(approval.environmentId);
        if (!environment) throw conflict();
        signed = await signApprovalRequest(
          approval.request as Record<string, unknown>,
          environmentEnvSecret(db, environment),
        );
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const [changed] = await db.models.ApprovalRequest.update(
        { status, reviewerId: user.id },
        { where: { id: approval.id, status: 'pending' } },
      );
      if (changed === 0) throw conflict();
      const json = approvalJson({ ...approval, status, reviewerId: user.id });
      res.json({
        data: signed
          ? { ...json, attributes: { ...json.attributes, signed_approval_request: signed } }
          : json,
      });
    });
  router.post('/api/action-approvals/:id/approve', review('approve'));
  router.post('/api/action-approvals/:id/reject', review('reject'));
};
