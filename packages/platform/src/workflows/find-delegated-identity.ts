import { ForbiddenError } from '@grove/datasource-toolkit';
import type { AgentUser } from '@grove/platform-client';
import { Op } from 'sequelize';

import type { EnvironmentRow } from '../database/models/platform-models';
import { memberStanding } from '../permissions/member-standing';
import type { PlatformContext } from '../platform-context';

/**
 * A user as an environment's agent knows them: the claims of its session token
 * (docs/platform-protocol.md#session-users), computed as the platform computes them at login, and
 * the rendering and team they act in.
 */
export interface DelegatedIdentity {
  readonly claims: AgentUser & { readonly renderingId: number };
  readonly renderingId: number;
  readonly teamName: string;
}

/**
 * Who `userId` is in `environment`: a member of its project, with a team of theirs that has a
 * rendering there (the first by team name when several do), their role, permission level and tags there.
 * A 403 otherwise (not a member, no team with a rendering, or no such user).
 *
 * @example
 * ```ts
 * const { claims, renderingId } = await findDelegatedIdentity(context, environment, 7);
 * ```
 */
export async function findDelegatedIdentity(
  context: PlatformContext,
  environment: Pick<EnvironmentRow, 'id' | 'projectId'>,
  userId: number,
): Promise<DelegatedIdentity> {
  const forbidden = () =>
    new ForbiddenError('This user has no rendering in the environment of this workflow');
  const { models } = context.db;
  const [user, member, memberships] = await Promise.all([
    models.User.findByPk(userId),
    models.ProjectMember.findOne({ where: { projectId: environment.projectId, userId } }),
    models.TeamMember.findAll({ where: { userId } }),
  ]);
  if (!user || !member) throw forbidden();
  const teams = await models.Team.findAll({
    where: {
      projectId: environment.projectId,
      id: { [Op.in]: memberships.map(membership => membership.teamId) },
    },
    order: [['name', 'ASC']],
  });
  const renderings = await models.Rendering.findAll({
    where: { environmentId: environment.id, teamId: { [Op.in]: teams.map(team => team.id) } },
  });
  const team = teams.find(candidate => renderings.some(r => r.teamId === candidate.id));
  const rendering = team && renderings.find(candidate => candidate.teamId === team.id);
  if (!team || !rendering) throw forbidden();
  const role = await models.Role.findByPk(member.roleId);
  const { permissionLevel, tags } = memberStanding(user, member);

  return {
    claims: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      team: team.name,
      role: role?.name ?? '',
      permissionLevel,
      renderingId: rendering.id,
      tags,
    },
    renderingId: rendering.id,
    teamName: team.name,
  };
}
