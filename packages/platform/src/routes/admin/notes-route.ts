import { ValidationError } from '@grove/datasource-toolkit';
import type { Request } from 'express';

import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { createNote } from '../../public-api/create-note';
import { listNotes } from '../../public-api/list-notes';
import { consoleNoteActor } from '../../public-api/note-actor';
import { checkNewNote } from './check-note-input';
import { findNoteEnvironment } from './find-note-environment';

/** Page size bounds of the notes. */
export const NOTES_PAGE = { default: 20, max: 100 } as const;

/** The path of an environment's notes in the admin API. */
export const ADMIN_NOTES_PATH = '/api/admin/projects/:projectId/environments/:environmentId/notes';

const QUERY = ['collectionName', 'recordId', 'includeArchived', 'after', 'pageSize'];

function queryText(req: Request, name: string, max: number): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new ValidationError(`${name} is a text of 1 to ${max} characters`);
  }

  return value;
}

function queryInteger(req: Request, name: string, max: number): number | undefined {
  const value = queryText(req, name, 10);
  if (value === undefined) return undefined;
  const number = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  if (number < 1 || number > max)
    throw new ValidationError(`${name} is an integer from 1 to ${max}`);

  return number;
}

/**
 * Notes on the records of an environment (`…/environments/:environmentId/notes`), the same
 * notes as the public API's (one implementation): `GET ?collectionName&recordId&includeArchived
 * =true&pageSize&after=<note id>` lists them newest first, each with its messages, as `{ data,
 * meta: { pageSize, nextAfter } }` (open notes only unless `includeArchived`); `POST
 * {collectionName, recordId, title, content}` creates one as the signed-in user in their team of
 * the environment (403 without one), content sanitised, activity-logged (source `ui`).
 *
 * @example
 * ```ts
 * mountNotes(router, context);
 * ```
 */
export const mountNotes: PlatformRouteMounter = (router, context) => {
  router.get(
    ADMIN_NOTES_PATH,
    handle(async (req, res) => {
      const environment = await findNoteEnvironment(context, req, projectOf(res).id);
      const unknown = Object.keys(req.query).filter(key => !QUERY.includes(key));
      if (unknown.length > 0)
        throw new ValidationError(`Unknown parameters: ${unknown.join(', ')}`);
      const includeArchived = queryText(req, 'includeArchived', 5);
      if (includeArchived !== undefined && !['true', 'false'].includes(includeArchived)) {
        throw new ValidationError('includeArchived is true or false');
      }
      const collectionName = queryText(req, 'collectionName', 255);
      const recordId = queryText(req, 'recordId', 1024);
      const afterId = queryInteger(req, 'after', 2147483647);
      const pageSize = queryInteger(req, 'pageSize', NOTES_PAGE.max) ?? NOTES_PAGE.default;
      const rows = await listNotes(context, {
        environment,
        limit: pageSize + 1,
        order: 'desc',
        ...(afterId === undefined ? {} : { afterId }),
        ...(collectionName === undefined ? {} : { collectionName }),
        ...(recordId === undefined ? {} : { recordId }),
        ...(includeArchived === 'true' ? {} : { archived: false }),
      });
      const data = rows.slice(0, pageSize);
      const nextAfter = rows.length > pageSize ? data[data.length - 1]!.id : null;
      res.json({ data, meta: { pageSize, nextAfter } });
    }),
  );

  router.post(
    ADMIN_NOTES_PATH,
    handle(async (req, res) => {
      const environment = await findNoteEnvironment(context, req, projectOf(res).id);
      const input = checkNewNote(bodyOf(req, ['collectionName', 'recordId', 'title', 'content']));
      const actor = consoleNoteActor(initiatorOf(res)!);
      const note = await createNote(context, actor, { ...input, environment });
      res.status(201).json({ data: note });
    }),
  );
};
