import type { NewNote, NoteItem } from '@grove/public-api';

import type { PlatformContext } from '../platform-context';
import { findActingTeam } from './find-acting-team';
import { noteItems } from './note-items';
import type { NoteActor } from './note-actor';
import { writeApiActivityLog } from './write-api-activity-log';

/**
 * `createNote` of the store: the note, its first message and its `createNote` activity log, in
 * one transaction, as the actor (a token's owner or a console user) in their team of the
 * environment (403 when they have none).
 *
 * @example
 * ```ts
 * const note = await createNote(context, actor, { environment, collectionName: 'books', recordId: '1', title: 'Check', content: '<p>Hi</p>' });
 * ```
 */
export async function createNote(
  context: PlatformContext,
  actor: NoteActor,
  input: NewNote,
): Promise<NoteItem> {
  const { models, sequelize } = context.db;

  return sequelize.transaction(async transaction => {
    const team = await findActingTeam(
      context,
      actor.userId,
      input.environment.id,
      transaction,
      actor.source === 'api' ? 'The token owner' : 'You',
    );
    const note = await models.Note.create(
      {
        environmentId: input.environment.id,
        collectionName: input.collectionName,
        recordId: input.recordId,
        title: input.title,
        userId: actor.userId,
        userEmail: actor.userEmail,
        teamName: team.teamName,
      },
      { transaction },
    );
    await models.NoteMessage.create(
      { noteId: note.id, content: input.content, userId: actor.userId, userEmail: actor.userEmail },
      { transaction },
    );
    await writeApiActivityLog(context, transaction, actor, team, {
      environmentId: input.environment.id,
      action: 'createNote',
      collectionName: input.collectionName,
      recordId: input.recordId,
      label: input.title,
    });
    const [item] = await noteItems(
      context,
      [note.get({ plain: true })],
      input.environment.name,
      transaction,
    );

    return item!;
  });
}
