import { ForbiddenError, NotFoundError } from '@grove/datasource-toolkit';
import { QueryTypes } from 'sequelize';

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

// One statement per actor: the rendering is of this environment, its team of this project, and
// the user a member of both the team and the project.
const STANDARD_ACTOR = `
SELECT u.email AS user_email, t.name AS team_name
FROM renderings r
JOIN teams t ON t.id = r.team_id AND t.project_id = $3
JOIN users u ON u.id = $1
JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = u.id
JOIN project_members pm ON pm.project_id = t.project_id AND pm.user_id = u.id
WHERE r.id = $2 AND r.environment_id = $4
LIMIT 1`;

// Sandbox mode: the user (else the sandbox user), and the rendering only if it is of this
// environment, with its team.
const SANDBOX_ACTOR = `
SELECT u.id AS user_id, u.email AS user_email, r.id AS rendering_id, t.name AS team_name
FROM users u
LEFT JOIN renderings r ON r.id = $2 AND r.environment_id = $4
LEFT JOIN teams t ON t.id = r.team_id
WHERE u.id = $1 OR u.email = $3
ORDER BY CASE WHEN u.id = $1 THEN 0 ELSE 1 END
LIMIT 1`;

interface ActorRow {
  user_id?: number;
  user_email: string;
  rendering_id?: number | null;
  team_name: string | null;
}

async function selectActor(
  context: PlatformContext,
  sql: string,
  bind: unknown[],
): Promise<ActorRow | undefined> {
  const rows = await context.db.sequelize.query<ActorRow>(sql, {
    bind,
    type: QueryTypes.SELECT,
  });

  return rows[0];
}

async function standardActor(
  context: PlatformContext,
  environment: EnvironmentRow,
  userId: number,
  renderingId: number,
): Promise<ActivityLogActor | null> {
  const bind = [userId, renderingId, environment.projectId, environment.id];
  const row = await selectActor(context, STANDARD_ACTOR, bind);

  return row ? { userId, userEmail: row.user_email, renderingId, teamName: row.team_name } : null;
}

/** Sandbox mode: a user the sandbox does not know is the sandbox user; a foreign rendering none. */
async function sandboxActor(
  context: PlatformContext,
  environment: EnvironmentRow,
  userId: number,
  renderingId: number,
): Promise<ActivityLogActor> {
  const bind = [userId, renderingId, SANDBOX_USER.email, environment.id];
  const row = await selectActor(context, SANDBOX_ACTOR, bind);
  if (!row) throw new NotFoundError('The sandbox user is missing');

  return {
    userId: Number(row.user_id),
    userEmail: row.user_email,
    renderingId: row.rendering_id == null ? null : Number(row.rendering_id),
    teamName: row.team_name ?? null,
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
