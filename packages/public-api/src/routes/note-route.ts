import { notFound } from '../http/public-api-error';
import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { readQueryParameters } from '../query/query-parameters';
import { NOTES_PATH, NOTES_READ, parseNoteId } from './notes-path';

/** `GET …/notes/:noteId`: one note with its messages (404 when not in the environment). */
export const mountNote: PublicApiRouteMounter = (router, context) => {
  router.get(`${NOTES_PATH}/:noteId`, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName, noteId } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, NOTES_READ);
    readQueryParameters(req, new Set());
    const id = parseNoteId(noteId);
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const note = await context.store.findNote(environment, id);
    if (note === null) throw notFound('Note');
    res.status(200).json(note);
  });
};
