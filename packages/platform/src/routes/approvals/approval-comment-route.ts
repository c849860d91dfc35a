import { ForbiddenError, GroveError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';

import { handle } from '../../http/async-handler';
import { bearerUser } from '../../http/bearer-user';
import type { BearerUser } from '../../http/bearer-user';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { canApprove } from '../../permissions/can-approve';
import { approvalJson } from './approval-json';
import { findMemberApproval } from './find-reviewable-approval';
import { checkBodyShape } from '../../http/check-body-shape';

const MAX_COMMENT = 4000;
const MAX_COMMENTS = 100;

/**
 * `POST /api/action-approvals/:id/comments` `{ data: { attributes: { comment } } }`
 * (docs/platform-protocol.md#approvals): the Bearer user (401) must be the requester or a member
 * allowed to approve it (403), of the request's project (404 otherwise); a comment of 1 to 4 000
 * characters, 100 per request (409). Answers the request (201).
 *
 * @example
 * ```ts
 * mountApprovalComment(router, context);
 * ```
 */
export const mountApprovalComment: PlatformRouteMounter = (router, context) => {
  const { db } = context;

  router.post(
    '/api/action-approvals/:id/comments',
    handle(async (req, res, next) => {
      res.locals.approvalUser = await bearerUser(context, req, 'approval-comment');
      next();
    }),
    express.json({ verify: checkBodyShape, limit: 16 * 1024 }),
    handle(async (req, res) => {
      const user = res.locals.approvalUser as BearerUser;
      const id = (req.params as { id: string }).id;
      const body = req.body as { data?: { attributes?: { comment?: unknown } } } | undefined;
      const comment = body?.data?.attributes?.comment;
      const updated = await db.sequelize.transaction(async transaction => {
        const { approval, roleId } = await findMemberApproval(context, user, id, transaction);
        if (
          approval.requesterId !== user.id &&
          !(await canApprove(db, roleId, user.id, approval))
        ) {
          throw new ForbiddenError('Only the requester and approvers comment on this request');
        }
        if (typeof comment !== 'string' || comment.trim() === '' || comment.length > MAX_COMMENT) {
          throw new ValidationError(`comment must be a text of 1 to ${MAX_COMMENT} characters`);
        }
        if (approval.comments.length >= MAX_COMMENTS) {
          throw new GroveError(
            'ConflictError',
            `An approval request holds ${MAX_COMMENTS} comments`,
          );
        }
        const comments = [
          ...approval.comments,
          { userId: user.id, comment, createdAt: new Date().toISOString() },
        ];
        await db.models.ApprovalRequest.update(
          { comments },
          { where: { id: approval.id }, transaction },
        );

        return { ...approval, comments };
      });
      res.status(201).json({ data: approvalJson(updated) });
    }),
  );
};
