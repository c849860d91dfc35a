import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { consoleNoteActor } from '../../public-api/note-actor';
import { updateNote } from '../../public-api/update-note';
import { checkNoteChange } from './check-note-input';
import { findNoteEnvironment } from './find-note-environment';
import { ADMIN_NOTES_PATH } from './notes-route';

/**
 * `PATCH …/environments/:environmentId/notes/:noteId` `{ title?, archived? }`: renames, archives
 * or reopens a note of the environment (404 otherwise) as the signed-in user, with its activity
 * log (`archiveNote` / `updateNote`, source `ui`); answers the note as it is now.
 *
 * @example
 * ```ts
 * mountNote(router, context);
 * ```
 */
export const mountNote: PlatformRouteMounter = (router, context) => {
  router.patch(
    `${ADMIN_NOTES_PATH}/:noteId`,
    handle(async (req, res) => {
      const environment = await findNoteEnvironment(context, req, projectOf(res).id);
      const noteId = idParam(req, 'noteId');
      const change = checkNoteChange(bodyOf(req, ['title', 'archived']));
      const actor = consoleNoteActor(initiatorOf(res)!);
      res.json({ data: await updateNote(context, actor, environment, noteId, change) });
    }),
  );
};
