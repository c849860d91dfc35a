import { ForbiddenError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';
import type { Transaction } from 'sequelize';

import type { PlatformContext } from '../platform-context';

/** The team a user acts in within an environment, and its rendering there. */
export interface ActingTeam {
  readonly teamName: string;
  readonly renderingId: number;
}

/**
 * The team a token's owner acts in, in an environment: the team of theirs that has a rendering
 * there (the lowest team id when several do). 403 when they have none, naming them as `who`.
 *
 * @example
 * ```ts
 * const { teamName, renderingId } = await findActingTeam(context, owner.id, environment.id);
 * ```
 */
export async function findActingTeam(
  context: PlatformContext,
  userId: number,
  environmentId: number,
  transaction?: Transaction,
  who = 'The token owner',
): Promise<ActingTeam> {
  const { models } = context.db;
  const memberships = await models.TeamMember.findAll({ where: { userId }, transaction });
  const rendering =
    memberships.length === 0
      ? null
      : await models.Rendering.findOne({
          where: { environmentId, teamId: { [Op.in]: memberships.map(m => m.teamId) } },
          order: [['teamId', 'ASC']],
          transaction,
        });
  const team = rendering ? await models.Team.findByPk(rendering.teamId, { transaction }) : null;
  if (!rendering || !team) {
    const verb = who === 'You' ? 'belong' : 'belongs';
    throw new ForbiddenError(`${who} ${verb} to no team of this environment`);
  }

  return { teamName: team.name, renderingId: rendering.id };
}
