import { ForbiddenError } from '@grove/datasource-toolkit';
import express from 'express';

import { handle } from '../../http/async-handler';
import { bearerUser } from '../../http/bearer-user';
import type { BearerUser } from '../../http/bearer-user';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { findMemberRendering } from '../../permissions/find-member-rendering';
import type { MemberRendering } from '../../permissions/find-member-rendering';
import { roleDefaults } from '../../services/built-in-roles';
import { approvalJson } from './approval-json';
import { readApprovalRequest } from './read-approval-request';
import { checkBodyShape } from '../../http/check-body-shape';

/** The header naming the requester's rendering (docs/platform-protocol.md#approvals). */
const RENDERING_HEADER = 'forest-rendering-id';

/**
 * `POST /api/action-approvals` (docs/platform-protocol.md#approvals): `Authorization: Bearer <user
 * access token>` (401) and `forest-rendering-id`, a rendering of a team of the user (403), both
 * checked before the body (256 KiB) is read; the requester's role must hold `trigger` on the action
 * (403). Stores a `pending` request with the action request body the agent will replay once
 * approved (`requester_id` included) and answers `{ data: { id, type, attributes } }` (201).
 *
 * @example
 * ```ts
 * mountCreateApproval(router, context);
 * ```
 */
export const mountCreateApproval: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;

  router.post(
    '/api/action-approvals',
    handle(async (req, res, next) => {
      const user = await bearerUser(context, req, 'approval-filing');
      const header = req.get(RENDERING_HEADER) ?? '';
      const renderingId = /^[1-9][0-9]{0,8}$/.test(header) ? Number(header) : undefined;
      res.locals.approvalUser = user;
      res.locals.approvalRendering = await findMemberRendering(context, user, renderingId);
      next();
    }),
    express.json({ verify: checkBodyShape, limit: 256 * 1024 }),
    handle(async (req, res) => {
      const user = res.locals.approvalUser as BearerUser;
      const { rendering, roleId } = res.locals.approvalRendering as MemberRendering;
      const input = readApprovalRequest(req.body);
      const role = await models.Role.findByPk(roleId);
      const right = await models.RoleActionRight.findOne({
        where: { roleId, collectionName: input.collectionName, actionName: input.actionName },
      });
      if (!role || !(right ? right.trigger : roleDefaults(role).trigger)) {
        throw new ForbiddenError('Your role may not trigger this action');
      }
      const request = {
        data: {
          type: 'custom-action-requests',
          attributes: {
            collection_name: input.collectionName,
            ids: input.recordIds,
            values: Object.fromEntries(input.inputs.map(field => [field.name, field.value])),
            all_records: false,
            all_records_ids_excluded: [],
            all_records_subset_query: {},
            requester_id: user.id,
          },
        },
      };
      const approval = await models.ApprovalRequest.create({
        environmentId: rendering.environmentId,
        renderingId: rendering.id,
        requesterId: user.id,
        requesterEmail: user.email,
        collectionName: input.collectionName,
        actionName: input.actionName,
        recordIds: input.recordIds,
        inputs: input.inputs,
        request,
        status: 'pending',
        comments: [],
      });
      res.status(201).json({ data: approvalJson(approval.get({ plain: true })) });
    }),
  );
};
