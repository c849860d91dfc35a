import { NotFoundError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bearerUser } from '../../http/bearer-user';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { canApprove } from '../../permissions/can-approve';
import { approvalJson } from './approval-json';

/** At most this many pending requests are listed, oldest first. */
const LIST_LIMIT = 500;

/**
 * `GET /api/projects/:projectId/action-approvals`: the pending approval requests of the
 * project's environments the Bearer user (401), a member of the project (404 otherwise), may
 * approve — `approve` on the action, `selfApprove` for their own — oldest first, 500 at most.
 * A token issued to an agent lists its environment's requests only.
 *
 * @example
 * ```ts
 * mountPendingApprovals(router, context);
 * ```
 */
export const mountPendingApprovals: PlatformRouteMounter = (router, context) => {
  const { db } = context;
  const { models } = db;

  router.get(
    '/api/projects/:projectId/action-approvals',
    handle(async (req, res) => {
      const user = await bearerUser(context, req, 'approval-list');
      const raw = (req.params as { projectId: string }).projectId;
      const projectId = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : 0;
      const member = projectId
        ? await models.ProjectMember.findOne({ where: { projectId, userId: user.id } })
        : null;
      if (!member) throw new NotFoundError(`No project ${raw.slice(0, 32)}`);
      const environments = await models.Environment.findAll({
        where: { projectId },
        attributes: ['id'],
      });
      const environmentIds = environments
        .map(environment => environment.id)
        .filter(id => user.tokenEnvironmentId === null || id === user.tokenEnvironmentId);
      const pending = await models.ApprovalRequest.findAll({
        where: { environmentId: environmentIds, status: 'pending' },
        order: [['id', 'ASC']],
        limit: LIST_LIMIT,
      });
      const listed = [];
      for (const approval of pending) {
        const row = approval.get({ plain: true });
        if (await canApprove(db, member.roleId, user.id, row)) listed.push(approvalJson(row));
      }
      res.json({ data: listed });
    }),
  );
};
