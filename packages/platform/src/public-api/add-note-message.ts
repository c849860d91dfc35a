import { GroveError, NotFoundError } from '@grove/datasource-toolkit';
import type { NoteMessageItem, PublicApiCaller, PublicApiEnvironment } from '@grove/public-api';

import type { NoteMessageRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { findActingTeam } from './find-acting-team';
import { noteMessageItem } from './note-items';
import { writeApiActivityLog } from './write-api-activity-log';

/**
 * `addNoteMessage` of the store: a message by the token's owner, the note's `updatedAt` bumped and
 * a `createMessage` activity log, in one transaction. 404 when the note is not one of the
 * environment, 409 when it is archived, 403 when the owner has no team there.
 *
 * @example
 * ```ts
 * const message = await addNoteMessage(context, caller, environment, 12, '<p>Done</p>');
 * ```
 */
export async function addNoteMessage(
  context: PlatformContext,
  caller: PublicApiCaller,
  environment: PublicApiEnvironment,
  noteId: number,
  content: string,
): Promise<NoteMessageItem> {
  const { models, sequelize } = context.db;
  const { owner } = caller;

  return sequelize.transaction(async transaction => {
    const note = await models.Note.findOne({
      where: { id: noteId, environmentId: environment.id },
      transaction,
    });
    if (!note) throw new NotFoundError(`No note ${noteId}`);
    if (note.archivedAt) {
      throw new GroveError('ConflictError', 'This note is archived: reopen it to add a message');
    }
    const team = await findActingTeam(context, owner.id, environment.id, transaction);
    const message = await models.NoteMessage.create(
      { noteId, content, userId: owner.id, userEmail: owner.email },
      { transaction },
    );
    note.changed('updatedAt', true);
    await note.save({ transaction });
    await writeApiActivityLog(context, transaction, caller, team, {
      environmentId: environment.id,
      action: 'createMessage',
      collectionName: note.collectionName,
      recordId: note.recordId,
      label: note.title,
    });
    const user = await models.User.findByPk(owner.id, { transaction });

    return noteMessageItem(
      message.get({ plain: true }) as NoteMessageRow,
      user?.get({ plain: true }),
    );
  });
}
