import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { sendList } from '../http/send-list';
import { NOTE_PARAMETERS, parseNoteQuery } from '../query/note-query';
import { readQueryParameters } from '../query/query-parameters';
import { NOTES_PATH, NOTES_READ } from './notes-path';

/** `GET …/notes`: one page of the environment's notes with their messages, keyset on `id`. */
export const mountNotes: PublicApiRouteMounter = (router, context) => {
  router.get(NOTES_PATH, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, NOTES_READ);
    const params = readQueryParameters(req, NOTE_PARAMETERS);
    const { query, parameters } = parseNoteQuery(context, params, {
      projectName: projectName!,
      environmentName: environmentName!,
    });
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const rows = await context.store.listNotes({ ...query, environment, limit: query.limit + 1 });
    sendList(context, req, res, {
      list: 'notes',
      order: query.order,
      limit: query.limit,
      rows,
      parameters,
      positionOf: row => ({ id: String(row.id) }),
    });
  });
};
