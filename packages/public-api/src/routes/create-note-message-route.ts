import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { readJsonBody } from '../http/read-json-body';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { parseNoteMessage } from '../notes/note-input';
import { readQueryParameters } from '../query/query-parameters';
import { NOTES_PATH, NOTES_WRITE, parseNoteId } from './notes-path';

/** `POST …/notes/:noteId/messages` `{ content }` → 201 with the message (content sanitised). */
export const mountCreateNoteMessage: PublicApiRouteMounter = (router, context) => {
  router.post(`${NOTES_PATH}/:noteId/messages`, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName, noteId } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, NOTES_WRITE);
    readQueryParameters(req, new Set());
    const id = parseNoteId(noteId);
    const content = parseNoteMessage(
      await readJsonBody(req, context.noteBodyLimit),
      context.maxNoteLength,
    );
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const message = await context.store.addNoteMessage(caller, environment, id, content);
    res.status(201).json(message);
  });
};
