import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { readJsonBody } from '../http/read-json-body';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { parseNewNote } from '../notes/note-input';
import { readQueryParameters } from '../query/query-parameters';
import { NOTES_PATH, NOTES_WRITE } from './notes-path';

/**
 * `POST …/notes` `{ collectionName, recordId, title, content }` → 201 with the note. Rights come
 * before the body is read; the body is validated (content sanitised) before the store writes.
 */
export const mountCreateNote: PublicApiRouteMounter = (router, context) => {
  router.post(NOTES_PATH, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, NOTES_WRITE);
    readQueryParameters(req, new Set());
    const input = parseNewNote(
      await readJsonBody(req, context.noteBodyLimit),
      context.maxNoteLength,
    );
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const note = await context.store.createNote(caller, { ...input, environment });
    res.status(201).json(note);
  });
};
