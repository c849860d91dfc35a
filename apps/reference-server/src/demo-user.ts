import { findEnvironmentBySecret } from '@grove/platform';
import type { Platform } from '@grove/platform';

/** The demo user's session claims (those an agent puts in its token at login). */
// A type, not an interface: it is passed where claim records (index signatures) are expected.
export type DemoUser = {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly team: string;
  readonly role: string;
  readonly permissionLevel: 'admin' | 'developer' | 'editor' | 'user';
  readonly renderingId: number;
  readonly tags: Readonly<Record<string, string>>;
};

/**
 * The claims of the platform's first admin in the environment of this env secret, through the
 * rendering of their first team there: the user the reference server signs its demo token for.
 *
 * @example
 * ```ts
 * const user = await demoUser(platform, envSecret);
 * ```
 */
export async function demoUser(platform: Platform, envSecret: string): Promise<DemoUser> {
  const { db } = platform.context;
  const { models } = db;
  const environment = await findEnvironmentBySecret(db, envSecret);
  if (!environment) {
    throw new Error(
      'The platform has no environment with GROVE_ENV_SECRET: the platform database was created ' +
        'with another secret (delete it to start over, or give the secret printed at its first start).',
    );
  }
  const member = await models.ProjectMember.findOne({
    where: { projectId: environment.projectId },
    order: [['id', 'ASC']],
  });
  const user = member && (await models.User.findByPk(member.userId));
  const role = member && (await models.Role.findByPk(member.roleId));
  const teams = await models.Team.findAll({
    where: { projectId: environment.projectId },
    order: [['id', 'ASC']],
  });
  const team = teams[0];
  const rendering =
    team &&
    (await models.Rendering.findOne({ where: { teamId: team.id, environmentId: environment.id } }));
  if (!user || !role || !team || !rendering)
    throw new Error('The platform has no admin in this environment');

  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    team: team.name,
    role: role.name,
    permissionLevel: user.permissionLevel,
    renderingId: rendering.id,
    tags: user.tags,
  };
}
