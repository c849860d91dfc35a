import { NotFoundError } from '@grove/datasource-toolkit';
import type { Transaction } from 'sequelize';

import type { ApprovalRequestRow } from '../../database/models/platform-models';
import type { BearerUser } from '../../http/bearer-user';
import type { PlatformContext } from '../../platform-context';

/** An approval request seen by a member of its project, with the member's role there. */
export interface MemberApproval {
  readonly approval: ApprovalRequestRow;
  readonly roleId: number;
}

/**
 * The approval request `id` when the user is a member of its environment's project (and, for a
 * token issued to an agent, the request is of that agent's environment); a 404 otherwise, the
 * same as for a request that does not exist.
 *
 * @example
 * ```ts
 * const { approval, roleId } = await findMemberApproval(context, user, req.params.id);
 * ```
 */
export async function findMemberApproval(
  context: PlatformContext,
  user: BearerUser,
  id: string,
  transaction?: Transaction,
): Promise<MemberApproval> {
  const { models } = context.db;
  const notFound = () => new NotFoundError(`No approval request ${id.slice(0, 32)}`);
  if (!/^[1-9][0-9]{0,8}$/.test(id)) throw notFound();
  const approval = await models.ApprovalRequest.findByPk(Number(id), {
    transaction,
    ...(transaction && context.db.dialect === 'postgres' ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!approval) throw notFound();
  if (user.tokenEnvironmentId !== null && user.tokenEnvironmentId !== approval.environmentId) {
    throw notFound();
  }
  const environment = await models.Environment.findByPk(approval.environmentId, { transaction });
  const member = environment
    ? await models.ProjectMember.findOne({
        where: { projectId: environment.projectId, userId: user.id },
        transaction,
      })
    : null;
  if (!member) throw notFound();

  return { approval: approval.get({ plain: true }), roleId: member.roleId };
}
