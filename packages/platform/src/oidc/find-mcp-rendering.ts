import { Op } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * The rendering an MCP session of a user works with in an environment: the rendering of the
 * user's team there (the first of the user's teams of the project, by id, that has one). Null
 * when the environment is unknown, the user is not a member of its project or none of the
 * user's teams has a rendering there.
 *
 * @example
 * ```ts
 * const renderingId = await findMcpRendering(context.db, userId, environmentId);
 * if (renderingId === null) throw new errors.AccessDenied();
 * ```
 */
export async function findMcpRendering(
  db: PlatformDatabase,
  userId: number,
  environmentId: number,
): Promise<number | null> {
  const { models } = db;
  const environment = await models.Environment.findByPk(environmentId);
  if (!environment) return null;
  const member = await models.ProjectMember.findOne({
    where: { projectId: environment.projectId, userId },
  });
  if (!member) return null;
  const memberships = await models.TeamMember.findAll({ where: { userId } });
  const rendering = await models.Rendering.findOne({
    where: {
      environmentId,
      teamId: { [Op.in]: memberships.map(membership => membership.teamId) },
    },
    order: [['teamId', 'ASC']],
  });

  return rendering ? rendering.id : null;
}
