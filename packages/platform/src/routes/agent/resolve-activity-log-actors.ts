import { ForbiddenError, NotFoundError } from '@grove/datasource-toolkit';

import type { EnvironmentRow } from '../../database/models/platform-models';
import type { PlatformContext } from '../../platform-context';
import { SANDBOX_USER } from '../../sandbox/sandbox-seed';
import type { AgentActivityLogEntry } from './read-agent-activity-logs';

/** Who acted, as stored on a log: the user (email copied in) and the team of the rendering. */
export interface ActivityLogActor {
  readonly userId: number;
  readonly userEmail: string;
  readonly renderingId: number | null;
  readonly teamName: string | null;
}

/** The key of an entry's actor in the map {@link resolveActivityLogActors} answers. */
export function actorKey(entry: Pick<AgentActivityLogEntry, 'userId' | 'renderingId'>): string {
  return `${entry.userId}:${entry.renderingId}`;
}

async function standardActor(
  context: PlatformContext,
  environment: EnvironmentRow,
  userId: number,
  renderingId: number,
): Promise<ActivityLogActor | null> {
  const { models } = context.db;
  const [user, rendering] = await Promise.all([
    models.User.findByPk(userId),
    models.Rendering.findByPk(renderingId),
  ]);
  if (!user || !rendering || rendering.environmentId !== environment.id) return null;
  const team = await models.Team.findByPk(rendering.teamId);
  if (!team || team.projectId !== environment.projectId) return null;
  const [teamMember, projectMember] = await Promise.all([
    models.TeamMember.findOne({ where: { teamId: team.id, userId } }),
    models.ProjectMember.findOne({ where: { projectId: team.projectId, userId } }),
  ]);
  if (!teamMember || !projectMember) return null;

  return { userId, userEmail: user.email, renderingId, teamName: team.name };
}

/** Sandbox mode: a user the sandbox does not know is the sandbox user; a foreign rendering none. */
async function sandboxActor(
  context: PlatformContext,
  environment: EnvironmentRow,
  userId: number,
  renderingId: number,
): Promise<ActivityLogActor> {
  const { models } = context.db;
  const user =
    (await models.User.findByPk(userId)) ??
    (await models.User.findOne({ where: { email: SANDBOX_USER.email } }));
  if (!user) throw new NotFoundError('The sandbox user is missing');
  const rendering = await models.Rendering.findOne({
    where: { id: renderingId, environmentId: environment.id },
  });
  const team = rendering ? await models.Team.findByPk(rendering.teamId) : null;

  return {
    userId: user.id,
    userEmail: user.email,
    renderingId: rendering ? rendering.id : null,
    teamName: team ? team.name : null,
  };
}

/**
 * The actors of a batch of agent activity logs, one per distinct (user, rendering) pair. In
 * standard mode each user must be a member of the environment's project and of the team of a
 * rendering of this environment: the first entry that is not is a 403 naming it (the same
 * answer for a user or rendering that does not exist: no existence leak). Sandbox mode accepts
 * every entry (like its other activity-log routes).
 *
 * @example
 * ```ts
 * const actors = await resolveActivityLogActors(context, environment, entries);
 * actors.get(actorKey(entries[0])); // { userId: 3, userEmail, renderingId: 7, teamName: 'Ops' }
 * ```
 */
export async function resolveActivityLogActors(
  context: PlatformContext,
  environment: EnvironmentRow,
  entries: readonly AgentActivityLogEntry[],
): Promise<Map<string, ActivityLogActor>> {
  const actors = new Map<string, ActivityLogActor>();
  for (const [index, entry] of entries.entries()) {
    const key = actorKey(entry);
    if (actors.has(key)) continue;
    const actor =
      context.mode === 'sandbox'
        ? await sandboxActor(context, environment, entry.userId, entry.renderingId)
        : await standardActor(context, environment, entry.userId, entry.renderingId);
    if (!actor) {
      throw new ForbiddenError(
        `logs[${index}]: user ${entry.userId} is not a member of the team of rendering ` +
          `${entry.renderingId} in this environment`,
      );
    }
    actors.set(key, actor);
  }

  return actors;
}
