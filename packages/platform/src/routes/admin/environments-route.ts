import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { createEnvironment } from '../../services/create-environment';
import { environmentJson } from './admin-json';

/**
 * `GET /api/admin/projects/:projectId/environments`: the project's environments.
 * `POST` {name, agentUrl?, isProduction?}: creates one (a rendering per team) and answers
 * `{ data: { ...environment, secret } }` — the env secret's only appearance.
 *
 * @example
 * ```ts
 * mountEnvironments(router, context);
 * ```
 */
export const mountEnvironments: PlatformRouteMounter = (router, context) => {
  const path = '/api/admin/projects/:projectId/environments';

  router.get(
    path,
    handle(async (_req, res) => {
      const environments = await context.db.models.Environment.findAll({
        where: { projectId: projectOf(res).id },
        order: [['id', 'ASC']],
      });
      res.json({ data: environments.map(environmentJson) });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, ['name', 'agentUrl', 'isProduction']);
      const { environment, envSecret } = await createEnvironment(context.db, initiatorOf(res), {
        projectId: projectOf(res).id,
        ...body,
        name: body.name,
      });
      res.status(201).json({ data: { ...environmentJson(environment), secret: envSecret } });
    }),
  );
};
