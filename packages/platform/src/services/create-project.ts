import { ValidationError } from '@grove/datasource-toolkit';

import type { ProjectRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import type { AdminInitiator } from './admin-initiator';
import { BUILT_IN_ROLES, DEFAULT_TEAM } from './built-in-roles';
import { writeAdminLog } from './write-admin-log';

/** Checks a display name (project, environment, team, role): 1 to 255 characters, trimmed. */
export function checkName(kind: string, name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '' || name.trim().length > 255) {
    throw new ValidationError(
      `The ${kind} name must be a non-empty text of at most 255 characters`,
    );
  }

  return name.trim();
}

/**
 * Creates a project with its built-in roles (Admin, Developer, Editor, User) and its first team,
 * and makes the initiator (if any) its Admin and a member of that team. One transaction, with
 * the admin log: a duplicate name (409) leaves nothing behind.
 *
 * @example
 * ```ts
 * const project = await createProject(db, { id: 1, email: 'ada@example.com' }, { name: 'Shop' });
 * ```
 */
export async function createProject(
  db: PlatformDatabase,
  initiator: AdminInitiator,
  input: { readonly name: unknown },
): Promise<ProjectRow> {
  const name = checkName('project', input.name);
  const { models } = db;

  return db.sequelize.transaction(async transaction => {
    const project = await models.Project.create({ name }, { transaction });
    const roles = await models.Role.bulkCreate(
      Object.keys(BUILT_IN_ROLES).map(roleName => ({
        projectId: project.id,
        name: roleName,
        builtIn: true,
      })),
      { transaction, returning: true },
    );
    const team = await models.Team.create(
      { projectId: project.id, name: DEFAULT_TEAM },
      { transaction },
    );

    if (initiator) {
      const admin = roles.find(role => role.name === 'Admin');
      await models.ProjectMember.create(
        {
          projectId: project.id,
          userId: initiator.id,
          roleId: admin!.id,
          permissionLevel: 'admin',
        },
        { transaction },
      );
      await models.TeamMember.create({ teamId: team.id, userId: initiator.id }, { transaction });
    }
    await writeAdminLog(db, transaction, initiator, {
      projectId: project.id,
      resourceType: 'project',
      resourceId: project.id,
      action: 'create',
      newValues: { name },
    });

    return project.get({ plain: true });
  });
}
