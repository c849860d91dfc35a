import { ForbiddenError, GroveError, ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import { assertTokenKind } from '../../http/route-token-kinds';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { verifyUserAccessToken } from '../../oidc/user-access-tokens';
import { memberStanding } from '../../permissions/member-standing';
import { resolveRenderingId } from '../../permissions/resolve-rendering-id';

/** The header the agent sends the user's access token in (docs/platform-protocol.md#user-info). */
export const USER_TOKEN_HEADER = 'forest-token';

/**
 * `GET /liana/v2/renderings/:renderingId/authorization` (docs/platform-protocol.md#user-info,
 * behind the env secret): who the access token of `forest-token` speaks for, on that rendering of
 * the environment. 403 unless the token is of a kind the user-info family takes (an agent-login
 * token or an MCP token with `mcp:read`, never a device-flow token) issued for this environment,
 * and unless the user is a member of the environment's project and of the rendering's team; the
 * rendering's team comes first in `teams` (the agent keeps the first). In sandbox mode a
 * rendering id that is not one of the environment's reads its first team's
 * (`resolveRenderingId`).
 *
 * @example
 * ```ts
 * mountRenderingAuthorization(router, context);
 * ```
 */
export const mountRenderingAuthorization: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/v2/renderings/:renderingId/authorization',
    handle(async (req, res) => {
      const environment = environmentOf(res);
      const token = await verifyUserAccessToken(context, req.get(USER_TOKEN_HEADER) ?? '');
      assertTokenKind(token, 'user-info');
      if (token.environmentId !== environment.id) {
        throw new ForbiddenError('This access token was issued for another environment');
      }
      const renderingId = String(req.params.renderingId);
      if (!/^[1-9]\d{0,9}$/.test(renderingId)) {
        throw new ValidationError('The rendering id must be a positive integer');
      }
      const { models } = context.db;
      const resolvedId = await resolveRenderingId(context, environment, Number(renderingId));
      const [rendering, user, member] = await Promise.all([
        models.Rendering.findOne({
          where: { id: resolvedId, environmentId: environment.id },
        }),
        models.User.findByPk(token.userId),
        models.ProjectMember.findOne({
          where: { projectId: environment.projectId, userId: token.userId },
        }),
      ]);
      if (!user)
        throw new GroveError('UnauthorizedError', 'The user of this token no longer exists');
      const inTeam =
        rendering &&
        (await models.TeamMember.findOne({ where: { teamId: rendering.teamId, userId: user.id } }));
      if (!rendering || !member || !inTeam) {
        throw new ForbiddenError('This user is not allowed on this rendering');
      }
      const [role, memberships] = await Promise.all([
        models.Role.findByPk(member.roleId),
        models.TeamMember.findAll({ where: { userId: user.id } }),
      ]);
      const teams = await models.Team.findAll({
        where: {
          projectId: environment.projectId,
          id: { [Op.in]: memberships.map(membership => membership.teamId) },
        },
        order: [['name', 'ASC']],
      });
      const teamNames = [
        ...teams.filter(team => team.id === rendering.teamId),
        ...teams.filter(team => team.id !== rendering.teamId),
      ].map(team => team.name);
      // This project's level and tags, never another project's.
      const standing = memberStanding(user, member);

      res.json({
        data: {
          id: String(user.id),
          type: 'users',
          attributes: {
            email: user.email,
            first_name: user.firstName,
            last_name: user.lastName,
            teams: teamNames,
            role: role?.name ?? null,
            permission_level: standing.permissionLevel,
            tags: Object.entries(standing.tags).map(([key, value]) => ({ key, value })),
          },
        },
      });
    }),
  );
};
