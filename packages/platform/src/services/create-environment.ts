import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { generateEnvSecret, hashEnvSecret } from '../auth/env-secret';
import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import type { AdminInitiator } from './admin-initiator';
import { checkName } from './create-project';
import { writeAdminLog } from './write-admin-log';

/** What an admin gives to create an environment. */
export interface EnvironmentInput {
  readonly projectId: number;
  readonly name: unknown;
  /** Where the environment's agent is reached (http or https URL), or null. */
  readonly agentUrl?: unknown;
  readonly isProduction?: unknown;
  /** A chosen env secret (bootstrap of development setups only); default: a new random one. */
  readonly envSecret?: string;
}

/** Checks an agent URL: absent/null, or an absolute http(s) URL without credentials. */
export function checkAgentUrl(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' && value.length <= 2048 ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw new ValidationError('The agent URL must be an http or https URL');
  }

  return url.href.replace(/\/+$/, '');
}

/**
 * Creates an environment, with a rendering for each team of its project, and returns its env
 * secret: the only time it is seen (its hash is stored, and its ciphertext for signing
 * approvals). One transaction with the admin log.
 *
 * @example
 * ```ts
 * const { environment, envSecret } = await createEnvironment(db, initiator, {
 *   projectId: project.id, name: 'Development', agentUrl: 'http://localhost:3351',
 * });
 * ```
 */
export async function createEnvironment(
  db: PlatformDatabase,
  initiator: AdminInitiator,
  input: EnvironmentInput,
): Promise<{ environment: EnvironmentRow; envSecret: string }> {
  const name = checkName('environment', input.name);
  const agentUrl = checkAgentUrl(input.agentUrl);
  if (input.isProduction !== undefined && typeof input.isProduction !== 'boolean') {
    throw new ValidationError('isProduction must be a boolean');
  }
  const isProduction = input.isProduction === true;
  const envSecret = input.envSecret ?? generateEnvSecret();
  const { models } = db;

  const environment = await db.sequelize.transaction(async transaction => {
    const project = await models.Project.findByPk(input.projectId, { transaction });
    if (!project) throw new NotFoundError(`No project ${input.projectId}`);
    const created = await models.Environment.create(
      {
        projectId: project.id,
        name,
        agentUrl,
        isProduction,
        secretHash: hashEnvSecret(envSecret),
        secretCiphertext: db.envSecrets.seal(envSecret),
      },
      { transaction },
    );
    const teams = await models.Team.findAll({ where: { projectId: project.id }, transaction });
    await models.Rendering.bulkCreate(
      teams.map(team => ({ teamId: team.id, environmentId: created.id })),
      { transaction },
    );
    await writeAdminLog(db, transaction, initiator, {
      projectId: project.id,
      resourceType: 'environment',
      resourceId: created.id,
      action: 'create',
      newValues: { name, agentUrl, isProduction },
    });

    return created.get({ plain: true });
  });

  return { environment, envSecret };
}
