import { ForbiddenError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { adminSessionOf, initiatorOf } from '../../http/middlewares/require-admin-session';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { createProject } from '../../services/create-project';
import { projectJson } from './admin-json';

/**
 * `GET /api/admin/projects`: the projects the user is a member of, with their role there
 * (`{ data: [{ id, name, createdAt, role: { id, name }, isAdmin }] }`).
 * `POST /api/admin/projects` {name}: creates a project (built-in roles, team "Operations",
 * the user its Admin); only users whose permission level is `admin` may (403 otherwise).
 *
 * @example
 * ```ts
 * mountProjects(router, context);
 * ```
 */
export const mountProjects: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;

  router.get(
    '/api/admin/projects',
    handle(async (_req, res) => {
      const { user } = adminSessionOf(res);
      const memberships = await models.ProjectMember.findAll({ where: { userId: user.id } });
      const projectIds = memberships.map(member => member.projectId);
      const [projects, roles] = await Promise.all([
        models.Project.findAll({ where: { id: projectIds }, order: [['name', 'ASC']] }),
        models.Role.findAll({ where: { id: memberships.map(member => member.roleId) } }),
      ]);
      res.json({
        data: projects.map(project => {
          const member = memberships.find(item => item.projectId === project.id);
          const role = roles.find(item => item.id === member?.roleId);

          return {
            ...projectJson(project),
            role: role ? { id: role.id, name: role.name } : null,
            isAdmin: Boolean(role?.builtIn && role.name === 'Admin'),
          };
        }),
      });
    }),
  );

  router.post(
    '/api/admin/projects',
    handle(async (req, res) => {
      if (adminSessionOf(res).user.permissionLevel !== 'admin') {
        throw new ForbiddenError('Only users of permission level admin may create projects');
      }
      const { name } = bodyOf(req, ['name']);
      const project = await createProject(context.db, initiatorOf(res), { name });
      res.status(201).json({ data: projectJson(project) });
    }),
  );
};
