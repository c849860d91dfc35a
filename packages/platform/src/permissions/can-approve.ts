import type { ApprovalRequestRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { roleDefaults } from '../services/built-in-roles';

/**
 * Whether a user may approve (or reject) an approval request: their role in the request's
 * project must hold `approve` on the action — `selfApprove` when they are its requester — from
 * the role's row for the action, else the role's defaults
 * (docs/platform-protocol.md#action-decisions). Conditions are the agent's to check when the signed
 * request is replayed (they need the records).
 *
 * @example
 * ```ts
 * if (!(await canApprove(db, roleId, userId, approval))) throw new ForbiddenError('…');
 * ```
 */
export async function canApprove(
  db: PlatformDatabase,
  roleId: number,
  userId: number,
  approval: Pick<ApprovalRequestRow, 'requesterId' | 'collectionName' | 'actionName'>,
): Promise<boolean> {
  const { models } = db;
  const role = await models.Role.findByPk(roleId);
  if (!role) return false;
  const row = await models.RoleActionRight.findOne({
    where: { roleId, collectionName: approval.collectionName, actionName: approval.actionName },
  });
  const self = approval.requesterId === userId;
  if (row) return self ? row.selfApprove : row.approve;
  const defaults = roleDefaults(role);

  return self ? defaults.selfApprove : defaults.approve;
}
