import { NotFoundError } from '@grove/datasource-toolkit';

import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';

/** `GET /liana/v4/permissions/renderings/<id>` (docs/platform-protocol.md#renderings). */
export interface RenderingPermissions {
  team: { id: number; name: string };
  /** `{ [collection]: { scope, segments, liveQuerySegments } }`. */
  collections: Record<string, unknown>;
  /** The chart definitions users of the rendering may run. */
  stats: unknown[];
}

/**
 * A rendering's scopes, live-query segments and allowed charts
 * (docs/platform-protocol.md#renderings), with its team. Throws NotFoundError when the rendering
 * does not exist **or belongs to another environment**: an agent reads only its own environment's
 * renderings.
 *
 * @example
 * ```ts
 * const { team, collections } = await computeRenderingPermissions(db, environment, 34);
 * ```
 */
export async function computeRenderingPermissions(
  db: PlatformDatabase,
  environment: Pick<EnvironmentRow, 'id'>,
  renderingId: number,
): Promise<RenderingPermissions> {
  const { models } = db;
  const rendering = await models.Rendering.findOne({
    where: { id: renderingId, environmentId: environment.id },
  });
  const team = rendering ? await models.Team.findByPk(rendering.teamId) : null;
  if (!rendering || !team) {
    throw new NotFoundError(`No rendering ${renderingId} in this environment`);
  }

  return {
    team: { id: team.id, name: team.name },
    collections: rendering.collections ?? {},
    stats: rendering.stats ?? [],
  };
}
