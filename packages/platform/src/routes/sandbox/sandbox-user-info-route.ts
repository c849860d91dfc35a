import { NotFoundError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { resolveRenderingId } from '../../permissions/resolve-rendering-id';
import { SANDBOX_USER } from '../../sandbox/sandbox-seed';

/**
 * SANDBOX MODE ONLY, TO BE REPLACED with the OpenID provider's user info:
 * `GET /liana/v2/renderings/:renderingId/authorization` (spec §3.2) answers the sandbox user,
 * read from the database, with the team of the (resolved) rendering and their role in the
 * environment's project, as a JSON:API `users` resource.
 *
 * @example
 * ```ts
 * if (context.mode === 'sandbox') mountSandboxUserInfo(router, context);
 * ```
 */
export const mountSandboxUserInfo: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/v2/renderings/:renderingId/authorization',
    handle(async (req, res) => {
      const { models } = context.db;
      const environment = environmentOf(res);
      const raw = String(req.params.renderingId);
      const asked = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : 0;
      const renderingId = await resolveRenderingId(context, environment, asked);
      const rendering = await models.Rendering.findOne({
        where: { id: renderingId, environmentId: environment.id },
      });
      const user = await models.User.findOne({ where: { email: SANDBOX_USER.email } });
      const member = user
        ? await models.ProjectMember.findOne({
            where: { projectId: environment.projectId, userId: user.id },
          })
        : null;
      if (!rendering || !user || !member) throw new NotFoundError('No such user in this rendering');
      const team = await models.Team.findByPk(rendering.teamId);
      const role = await models.Role.findByPk(member.roleId);

      res.json({
        data: {
          id: String(user.id),
          type: 'users',
          attributes: {
            email: user.email,
            first_name: user.firstName,
            last_name: user.lastName,
            teams: team ? [team.name] : [],
            role: role?.name ?? null,
            permission_level: user.permissionLevel,
            tags: Object.entries(user.tags ?? {}).map(([key, value]) => ({ key, value })),
          },
        },
      });
    }),
  );
};
