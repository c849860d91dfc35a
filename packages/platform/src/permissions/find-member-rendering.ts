import { ForbiddenError } from '@grove/datasource-toolkit';

import type { RenderingRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import type { BearerUser } from '../http/bearer-user';

/** A rendering a user may act through, with its project and the user's role there. */
export interface MemberRendering {
  readonly rendering: RenderingRow;
  readonly projectId: number;
  readonly roleId: number;
}

/**
 * The rendering `renderingId` when it is the rendering of a team the user belongs to, in a
 * project they are a member of — and, for a token issued to an agent, of that agent's
 * environment. A 403 otherwise, the same for a rendering that does not exist (no existence leak).
 *
 * @example
 * ```ts
 * const { rendering, roleId } = await findMemberRendering(context, user, 12);
 * ```
 */
export async function findMemberRendering(
  context: PlatformContext,
  user: Pick<BearerUser, 'id'> & { readonly tokenEnvironmentId?: number | null },
  renderingId: number | undefined,
): Promise<MemberRendering> {
  const forbidden = () => new ForbiddenError('This rendering is not one of a team you belong to');
  const { models } = context.db;
  const rendering = renderingId ? await models.Rendering.findByPk(renderingId) : null;
  if (!rendering) throw forbidden();
  if (
    typeof user.tokenEnvironmentId === 'number' &&
    user.tokenEnvironmentId !== rendering.environmentId
  ) {
    throw forbidden();
  }
  const team = await models.Team.findByPk(rendering.teamId);
  const teamMember = team
    ? await models.TeamMember.findOne({ where: { teamId: team.id, userId: user.id } })
    : null;
  const member =
    team && teamMember
      ? await models.ProjectMember.findOne({
          where: { projectId: team.projectId, userId: user.id },
        })
      : null;
  if (!team || !member) throw forbidden();

  return {
    rendering: rendering.get({ plain: true }),
    projectId: team.projectId,
    roleId: member.roleId,
  };
}
