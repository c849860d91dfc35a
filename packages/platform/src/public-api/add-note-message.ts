import { GroveError, NotFoundError } from '@grove/datasource-toolkit';
import type { NoteMessageItem, PublicApiEnvironment } from '@grove/public-api';

import type { PlatformContext } from '../platform-context';
import { findActingTeam } from './find-acting-team';
import { noteMessageItem } from './note-items';
import type { NoteActor } from './note-actor';
import { writeApiActivityLog } from './write-api-activity-log';

/**
 * `addNoteMessage` of the store: a message by the actor, the note's `updatedAt` bumped and
 * a `createMessage` activity log, in one transaction. 404 when the note is not one of the
 * environment, 409 when it is archived, 403 when the actor has no team there.
 *
 * @example
 * ```ts
 * const message = await addNoteMessage(context, actor, environment, 12, '<p>Done</p>');
 * ```
 */
export async function addNoteMessage(
  context: PlatformContext,
  actor: NoteActor,
  environment: PublicApiEnvironment,
  noteId: number,
  content: string,
): Promise<NoteMessageItem> {
  const { models, sequelize } = context.db;

  return sequelize.transaction(async transaction => {
    const note = await models.Note.findOne({
      where: { id: noteId, environmentId: environment.id },
      transaction,
    });
    if (!note) throw new NotFoundError(`No note ${noteId}`);
    if (note.archivedAt) {
      throw new GroveError('ConflictError', 'This note is archived: reopen it to add a message');
    }
    const team = await findActingTeam(
      context,
      actor.userId,
      environment.id,
      transaction,
      actor.source === 'api' ? 'The token owner' : 'You',
    );
    const message = await models.NoteMessage.create(
      { noteId, content, userId: actor.userId, userEmail: actor.userEmail },
      { transaction },
    );
    note.changed('updatedAt', true);
    await note.save({ transaction });
    await writeApiActivityLog(context, transaction, actor, team, {
      environmentId: environment.id,
      action: 'createMessage',
      collectionName: note.collectionName,
      recordId: note.recordId,
      label: note.title,
    });
    const user = await models.User.findByPk(actor.userId, { transaction });

    return noteMessageItem(message.get({ plain: true }), user?.get({ plain: true }));
  });
}
