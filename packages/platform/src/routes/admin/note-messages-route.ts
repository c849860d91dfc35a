import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { addNoteMessage } from '../../public-api/add-note-message';
import { consoleNoteActor } from '../../public-api/note-actor';
import { checkNoteContent } from './check-note-input';
import { findNoteEnvironment } from './find-note-environment';
import { ADMIN_NOTES_PATH } from './notes-route';

/**
 * `POST …/environments/:environmentId/notes/:noteId/messages` `{ content }` → 201 with the
 * message (content sanitised), by the signed-in user, activity-logged (`createMessage`, source
 * `ui`). 404 for a note of another environment, 409 for an archived note.
 *
 * @example
 * ```ts
 * mountNoteMessages(router, context);
 * ```
 */
export const mountNoteMessages: PlatformRouteMounter = (router, context) => {
  router.post(
    `${ADMIN_NOTES_PATH}/:noteId/messages`,
    handle(async (req, res) => {
      const environment = await findNoteEnvironment(context, req, projectOf(res).id);
      const noteId = idParam(req, 'noteId');
      const content = checkNoteContent(bodyOf(req, ['content']));
      const actor = consoleNoteActor(initiatorOf(res)!);
      const message = await addNoteMessage(context, actor, environment, noteId, content);
      res.status(201).json({ data: message });
    }),
  );
};
