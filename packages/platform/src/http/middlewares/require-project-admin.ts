import { ForbiddenError, NotFoundError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import type { ProjectRow } from '../../database/models/platform-models';
import type { PlatformContext } from '../../platform-context';
import { isProjectAdminRole } from '../../services/is-project-admin-role';
import { adminSessionOf } from './require-admin-session';

/**
 * Lets through a logged-in user who administers the `:projectId` of the path: a member whose
 * role is the built-in Admin. 404 for a project the user is not a member of (whether it exists
 * or not: its existence is not revealed), 403 for a member with another role.
 *
 * @example
 * ```ts
 * router.use('/api/admin/projects/:projectId', requireProjectAdmin(context));
 * ```
 */
export function requireProjectAdmin(context: PlatformContext): RequestHandler {
  const { models } = context.db;

  return (req, res, next) => {
    const check = async () => {
      const raw = String(req.params.projectId ?? '');
      const projectId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
      const member = Number.isSafeInteger(projectId)
        ? await models.ProjectMember.findOne({
            where: { projectId, userId: adminSessionOf(res).user.id },
          })
        : null;
      const project = member ? await models.Project.findByPk(projectId) : null;
      if (!member || !project) throw new NotFoundError(`No project ${raw}`);
      const role = await models.Role.findByPk(member.roleId);
      if (!isProjectAdminRole(role)) {
        throw new ForbiddenError('Only the Admins of this project may administer it');
      }
      res.locals.project = project.get({ plain: true });
    };
    check().then(() => next(), next);
  };
}

/** The project {@link requireProjectAdmin} let through. */
export function projectOf(res: Response): ProjectRow {
  return res.locals.project as ProjectRow;
}
