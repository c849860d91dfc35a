import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { readJsonBody } from '../http/read-json-body';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { parseNoteChange } from '../notes/note-input';
import { readQueryParameters } from '../query/query-parameters';
import { NOTES_PATH, NOTES_WRITE, parseNoteId } from './notes-path';

/** `PATCH …/notes/:noteId` `{ title?, archived? }` → 200 with the note as it is now. */
export const mountUpdateNote: PublicApiRouteMounter = (router, context) => {
  router.patch(`${NOTES_PATH}/:noteId`, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName, noteId } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, NOTES_WRITE);
    readQueryParameters(req, new Set());
    const id = parseNoteId(noteId);
    const change = parseNoteChange(await readJsonBody(req, context.noteBodyLimit));
    const environment = await resolveEnvironment(context, caller, environmentName!);
    res.status(200).json(await context.store.updateNote(caller, environment, id, change));
  });
};
