import type { NoteItem, NoteQuery, PublicApiEnvironment } from '@grove/public-api';
import { Op } from 'sequelize';
import type { WhereOptions } from 'sequelize';

import type { PlatformContext } from '../platform-context';
import { emailWhere } from './email-where';
import { dateRangeWhere } from './keyset-where';
import { noteItems } from './note-items';

/**
 * `listNotes` of the store: the environment's notes matching every filter, in `id` order from
 * `afterId` on, each with its messages — three queries whatever the limit.
 *
 * @example
 * ```ts
 * const notes = await listNotes(context, { environment, limit: 11, order: 'desc' });
 * ```
 */
export async function listNotes(
  context: PlatformContext,
  query: NoteQuery,
): Promise<readonly NoteItem[]> {
  const conditions: WhereOptions[] = [
    { environmentId: query.environment.id },
    emailWhere('user_email', query.userEmail),
    dateRangeWhere('createdAt', query.createdAt),
    dateRangeWhere('updatedAt', query.updatedAt),
    dateRangeWhere('archivedAt', query.archivedAt),
  ];
  if (query.afterId !== undefined) {
    conditions.push({ id: { [query.order === 'desc' ? Op.lt : Op.gt]: query.afterId } });
  }
  if (query.userId !== undefined) conditions.push({ userId: query.userId });
  if (query.teamName !== undefined) conditions.push({ teamName: query.teamName });
  if (query.collectionName !== undefined) conditions.push({ collectionName: query.collectionName });
  if (query.recordId !== undefined) conditions.push({ recordId: query.recordId });
  if (query.archived !== undefined) {
    conditions.push({ archivedAt: query.archived ? { [Op.ne]: null } : { [Op.eq]: null } });
  }
  const found = await context.db.models.Note.findAll({
    where: { [Op.and]: conditions },
    order: [['id', query.order === 'desc' ? 'DESC' : 'ASC']],
    limit: query.limit,
  });

  return noteItems(
    context,
    found.map(note => note.get({ plain: true })),
    query.environment.name,
  );
}

/**
 * `findNote` of the store: one note of the environment with its messages, or null.
 *
 * @example
 * ```ts
 * const note = await findNote(context, environment, 12);
 * ```
 */
export async function findNote(
  context: PlatformContext,
  environment: PublicApiEnvironment,
  noteId: number,
): Promise<NoteItem | null> {
  const note = await context.db.models.Note.findOne({
    where: { id: noteId, environmentId: environment.id },
  });
  if (!note) return null;
  const [item] = await noteItems(context, [note.get({ plain: true })], environment.name);

  return item ?? null;
}
