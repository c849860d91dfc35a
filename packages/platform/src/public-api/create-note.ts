import type { NewNote, NoteItem, PublicApiCaller } from '@grove/public-api';

import type { NoteRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { findActingTeam } from './find-acting-team';
import { noteItems } from './note-items';
import { writeApiActivityLog } from './write-api-activity-log';

/**
 * `createNote` of the store: the note, its first message and its `createNote` activity log, in
 * one transaction, as the token's owner in their team of the environment (403 when they have
 * none).
 *
 * @example
 * ```ts
 * const note = await createNote(context, caller, { environment, collectionName: 'books', recordId: '1', title: 'Check', content: '<p>Hi</p>' });
 * ```
 */
export async function createNote(
  context: PlatformContext,
  caller: PublicApiCaller,
  input: NewNote,
): Promise<NoteItem> {
  const { models, sequelize } = context.db;
  const { owner } = caller;

  return sequelize.transaction(async transaction => {
    const team = await findActingTeam(context, owner.id, input.environment.id, transaction);
    const note = await models.Note.create(
      {
        environmentId: input.environment.id,
        collectionName: input.collectionName,
        recordId: input.recordId,
        title: input.title,
        userId: owner.id,
        userEmail: owner.email,
        teamName: team.teamName,
      },
      { transaction },
    );
    await models.NoteMessage.create(
      { noteId: note.id, content: input.content, userId: owner.id, userEmail: owner.email },
      { transaction },
    );
    await writeApiActivityLog(context, transaction, caller, team, {
      environmentId: input.environment.id,
      action: 'createNote',
      collectionName: input.collectionName,
      recordId: input.recordId,
      label: input.title,
    });
    const [item] = await noteItems(
      context,
      [note.get({ plain: true }) as NoteRow],
      input.environment.name,
      transaction,
    );

    return item!;
  });
}
