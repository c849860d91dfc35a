import { NotFoundError } from '@grove/datasource-toolkit';
import type { NoteChange, NoteItem, PublicApiEnvironment } from '@grove/public-api';

import type { PlatformContext } from '../platform-context';
import { findActingTeam } from './find-acting-team';
import { noteItems } from './note-items';
import type { NoteActor } from './note-actor';
import { writeApiActivityLog } from './write-api-activity-log';

/**
 * `updateNote` of the store: a new title and/or archiving or reopening, `updatedAt` bumped, with
 * its activity logs in the same transaction (`archiveNote` when archived, `updateNote` for a new
 * title or a reopening). 404 when the note is not one of the environment; 403 when the actor has
 * no team there.
 *
 * @example
 * ```ts
 * const note = await updateNote(context, actor, environment, 12, { archived: true });
 * ```
 */
export async function updateNote(
  context: PlatformContext,
  actor: NoteActor,
  environment: PublicApiEnvironment,
  noteId: number,
  change: NoteChange,
): Promise<NoteItem> {
  const { models, sequelize } = context.db;

  return sequelize.transaction(async transaction => {
    const note = await models.Note.findOne({
      where: { id: noteId, environmentId: environment.id },
      transaction,
    });
    if (!note) throw new NotFoundError(`No note ${noteId}`);
    const team = await findActingTeam(
      context,
      actor.userId,
      environment.id,
      transaction,
      actor.source === 'api' ? 'The token owner' : 'You',
    );
    const now = new Date();
    const archivedAt =
      change.archived === undefined
        ? note.archivedAt
        : change.archived
          ? (note.archivedAt ?? now)
          : null;
    const title = change.title ?? note.title;
    note.set({ title, archivedAt });
    note.changed('updatedAt', true);
    await note.save({ transaction });
    const actions: string[] = [];
    if (change.title !== undefined || change.archived === false) actions.push('updateNote');
    if (change.archived === true) actions.push('archiveNote');
    for (const action of actions) {
      await writeApiActivityLog(context, transaction, actor, team, {
        environmentId: environment.id,
        action,
        collectionName: note.collectionName,
        recordId: note.recordId,
        label: title,
      });
    }
    const [item] = await noteItems(
      context,
      [note.get({ plain: true })],
      environment.name,
      transaction,
    );

    return item!;
  });
}
