import type { Transaction } from 'sequelize';

import type { PlatformContext } from '../platform-context';
import type { ActingTeam } from './find-acting-team';
import type { NoteActor } from './note-actor';

/** What a public-API write did, for its activity log. */
export interface ApiActivity {
  readonly environmentId: number;
  readonly action: string;
  readonly collectionName: string;
  readonly recordId: string;
  readonly label: string;
}

/**
 * Writes the activity log of a write on notes (type `write`, completed) inside the transaction of
 * the write, attributed to the actor, their team, and the token when through the public API
 * (source `api`; `ui` from the console).
 *
 * @example
 * ```ts
 * await writeApiActivityLog(context, transaction, actor, team, { environmentId, action: 'createNote', … });
 * ```
 */
export async function writeApiActivityLog(
  context: PlatformContext,
  transaction: Transaction,
  actor: NoteActor,
  team: ActingTeam,
  activity: ApiActivity,
): Promise<void> {
  await context.db.models.ActivityLog.create(
    {
      environmentId: activity.environmentId,
      userId: actor.userId,
      userEmail: actor.userEmail,
      action: activity.action,
      collectionName: activity.collectionName,
      recordIds: [activity.recordId],
      label: activity.label,
      status: 'completed',
      type: 'write',
      source: actor.source,
      teamName: team.teamName,
      renderingId: team.renderingId,
      apiTokenId: actor.apiTokenId,
    },
    { transaction },
  );
}
