import type { PublicApiCaller } from '@grove/public-api';
import type { Transaction } from 'sequelize';

import type { PlatformContext } from '../platform-context';
import type { ActingTeam } from './find-acting-team';

/** What a public-API write did, for its activity log. */
export interface ApiActivity {
  readonly environmentId: number;
  readonly action: string;
  readonly collectionName: string;
  readonly recordId: string;
  readonly label: string;
}

/**
 * Writes the activity log of a public-API write (source `api`, type `write`, completed) inside
 * the transaction of the write, attributed to the token's owner, their team and the token.
 *
 * @example
 * ```ts
 * await writeApiActivityLog(context, transaction, caller, team, { environmentId, action: 'createNote', … });
 * ```
 */
export async function writeApiActivityLog(
  context: PlatformContext,
  transaction: Transaction,
  caller: PublicApiCaller,
  team: ActingTeam,
  activity: ApiActivity,
): Promise<void> {
  await context.db.models.ActivityLog.create(
    {
      environmentId: activity.environmentId,
      userId: caller.owner.id,
      userEmail: caller.owner.email,
      action: activity.action,
      collectionName: activity.collectionName,
      recordIds: [activity.recordId],
      label: activity.label,
      status: 'completed',
      type: 'write',
      source: 'api',
      teamName: team.teamName,
      renderingId: team.renderingId,
      apiTokenId: Number(caller.token.id),
    },
    { transaction },
  );
}
