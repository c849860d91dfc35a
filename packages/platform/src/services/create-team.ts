import type { Transaction } from 'sequelize';

import type { TeamRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { checkName } from './create-project';

/**
 * Creates a team of a project with its rendering in every environment of the project, inside
 * the caller's transaction (which writes the admin log). A duplicate name fails with the
 * database's unique index (409).
 *
 * @example
 * ```ts
 * const { team, renderingIds } = await createTeam(db, transaction, { projectId, name: 'Support' });
 * ```
 */
export async function createTeam(
  db: PlatformDatabase,
  transaction: Transaction,
  input: { readonly projectId: number; readonly name: unknown },
): Promise<{ team: TeamRow; renderings: { id: number; environmentId: number }[] }> {
  const name = checkName('team', input.name);
  const { models } = db;
  const team = await models.Team.create({ projectId: input.projectId, name }, { transaction });
  const environments = await models.Environment.findAll({
    where: { projectId: input.projectId },
    transaction,
  });
  const renderings = await models.Rendering.bulkCreate(
    environments.map(environment => ({ teamId: team.id, environmentId: environment.id })),
    { transaction, returning: true },
  );

  return {
    team: team.get({ plain: true }),
    renderings: renderings.map(rendering => ({
      id: rendering.id,
      environmentId: rendering.environmentId,
    })),
  };
}
