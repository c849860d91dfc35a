import { hashEnvSecret } from '../auth/env-secret';
import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { createEnvironment } from '../services/create-environment';
import { createSandboxProject, SANDBOX_PROJECT, SANDBOX_USER } from './sandbox-seed';

/** The id of a sandbox project without environment, created when every project has one. */
async function freeSandboxProject(context: PlatformContext): Promise<number> {
  const { db } = context;
  const { models } = db;
  const projects = await models.Project.findAll({ order: [['id', 'ASC']] });
  const used = new Set(
    (await models.Environment.findAll({ attributes: ['projectId'] })).map(row => row.projectId),
  );
  const free = projects.find(project => !used.has(project.id));
  if (free) return free.id;
  const user = await models.User.findOne({ where: { email: SANDBOX_USER.email } });

  return db.sequelize.transaction(async transaction => {
    const name = `${SANDBOX_PROJECT} ${projects.length + 1}`;

    return (await createSandboxProject(db, transaction, user!.id, name)).projectId;
  });
}

/**
 * The `provision` hook of `requireEnvironment` in sandbox mode: any non-empty env secret names
 * an environment, created on first use (only its hash stored) with the rendering of its team.
 * The first environment goes to the seeded project `Sandbox`; each later one gets a project of
 * its own (`Sandbox 2`...), with its own Admin role, so that the permission overrides of one
 * agent's environment never change another's rights. Provisioning is serialized.
 *
 * @example
 * ```ts
 * router.use('/liana', requireEnvironment(context, secret => provisionSandboxEnvironment(context, secret)));
 * ```
 */
export function provisionSandboxEnvironment(
  context: PlatformContext,
  secret: string,
): Promise<EnvironmentRow | null> {
  const { sandbox } = context;
  if (!sandbox || secret === '') return Promise.resolve(null);

  return sandbox.serialize(async () => {
    const { models } = context.db;
    // Looked up again in the queue: an earlier request may have created it meanwhile (and
    // `findEnvironmentBySecret` skips secrets that are not 64 hex characters).
    const found = await models.Environment.findOne({
      where: { secretHash: hashEnvSecret(secret) },
    });
    let environment = found?.get({ plain: true });
    if (!environment) {
      const projectId = await freeSandboxProject(context);
      ({ environment } = await createEnvironment(context.db, null, {
        projectId,
        name: 'Development',
        envSecret: secret,
      }));
      context.logger('Debug', `Sandbox: environment ${environment.id} provisioned`);
    }
    sandbox.rememberEnvironment(secret, environment.id);

    return environment;
  });
}
