import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * Who the sandbox's user is, and the ids a fresh sandbox database gives to its seed: the user
 * (id 1), the Admin role (1) and team `admin` (1) of project `Sandbox`, and the rendering (1) of
 * the first environment. The test kit signs its user tokens with these values.
 */
export const SANDBOX_USER = Object.freeze({
  id: 1,
  email: 'forest@forest.com',
  firstName: 'forest',
  lastName: 'admin',
  permissionLevel: 'admin' as const,
  tags: Object.freeze({}) as Readonly<Record<string, string>>,
  team: 'admin',
  teamId: 1,
  role: 'Admin',
  roleId: 1,
  renderingId: 1,
});

/** The name of the first sandbox project (later ones are `Sandbox 2`, `Sandbox 3`...). */
export const SANDBOX_PROJECT = 'Sandbox';

/**
 * Creates a sandbox project: ONLY the Admin role (built in, so the permission rules know it),
 * the team `admin`, and the sandbox user as its Admin and team member.
 *
 * @example
 * ```ts
 * await db.sequelize.transaction(t => createSandboxProject(db, t, userId, 'Sandbox 2'));
 * ```
 */
export async function createSandboxProject(
  db: PlatformDatabase,
  transaction: Transaction,
  userId: number,
  name: string,
): Promise<{ projectId: number; roleId: number; teamId: number }> {
  const { models } = db;
  const project = await models.Project.create({ name }, { transaction });
  const role = await models.Role.create(
    { projectId: project.id, name: SANDBOX_USER.role, builtIn: true },
    { transaction },
  );
  const team = await models.Team.create(
    { projectId: project.id, name: SANDBOX_USER.team },
    { transaction },
  );
  await models.ProjectMember.create(
    { projectId: project.id, userId, roleId: role.id },
    { transaction },
  );
  await models.TeamMember.create({ teamId: team.id, userId }, { transaction });

  return { projectId: project.id, roleId: role.id, teamId: team.id };
}

/**
 * Seeds a sandbox database (once: a database that has the sandbox user is left as it is): the
 * sandbox user and the project `Sandbox`. Environments come later, one per env secret used.
 *
 * @example
 * ```ts
 * const userId = await seedSandbox(db); // 1 on a fresh database
 * ```
 */
export async function seedSandbox(db: PlatformDatabase): Promise<number> {
  const { models } = db;
  const existing = await models.User.findOne({ where: { email: SANDBOX_USER.email } });
  if (existing) return existing.id;

  return db.sequelize.transaction(async transaction => {
    const { email, firstName, lastName, permissionLevel, tags } = SANDBOX_USER;
    const user = await models.User.create(
      { email, firstName, lastName, permissionLevel, tags: { ...tags }, passwordHash: null },
      { transaction },
    );
    await createSandboxProject(db, transaction, user.id, SANDBOX_PROJECT);

    return user.id;
  });
}
