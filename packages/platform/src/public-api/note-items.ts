import type { NoteItem, NoteMessageItem } from '@grove/public-api';
import { Op } from 'sequelize';
import type { Transaction } from 'sequelize';

import type { NoteMessageRow, NoteRow } from '../database/models/public-api-rows';
import type { PlatformContext } from '../platform-context';
import { isoDate, loadUsers, wireUser } from './wire-user';
import type { UserRow } from '../database/models/platform-models';

/** A message on the wire. */
export function noteMessageItem(
  message: NoteMessageRow,
  user: UserRow | undefined,
): NoteMessageItem {
  return {
    object: 'note-message',
    id: message.id,
    content: message.content,
    createdAt: isoDate(message.createdAt),
    user: wireUser(user, message.userEmail),
  };
}

/**
 * Notes of an environment on the wire, each with its messages oldest first: two queries whatever
 * the number of notes (their messages, then every author in one batch).
 *
 * @example
 * ```ts
 * const items = await noteItems(context, rows, environment.name);
 * ```
 */
export async function noteItems(
  context: PlatformContext,
  notes: readonly NoteRow[],
  environmentName: string,
  transaction?: Transaction,
): Promise<NoteItem[]> {
  if (notes.length === 0) return [];
  const found = await context.db.models.NoteMessage.findAll({
    where: { noteId: { [Op.in]: notes.map(note => note.id) } },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const messages = found.map(message => message.get({ plain: true }));
  const users = await loadUsers(
    context.db,
    [...notes.map(note => note.userId), ...messages.map(message => message.userId)],
    transaction,
  );
  const userOf = (id: number | null) => (id === null ? undefined : users.get(id));

  return notes.map(note => ({
    object: 'note',
    id: note.id,
    title: note.title,
    recordId: note.recordId,
    createdAt: isoDate(note.createdAt),
    updatedAt: isoDate(note.updatedAt),
    ...(note.archivedAt ? { archivedAt: isoDate(note.archivedAt) } : {}),
    user: wireUser(userOf(note.userId), note.userEmail),
    environment: { object: 'environment', name: environmentName },
    team: { object: 'team', name: note.teamName ?? '' },
    collection: { object: 'collection', name: note.collectionName },
    messages: messages
      .filter(message => message.noteId === note.id)
      .map(message => noteMessageItem(message, userOf(message.userId))),
  }));
}
