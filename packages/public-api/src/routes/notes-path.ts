import { invalidParameter } from '../http/public-api-error';
import type { AccessRule } from '../http/require-access';

/** Path of the notes of an environment. */
export const NOTES_PATH = '/v1/project/:projectName/environment/:environmentName/notes';

/** Reading notes: `notes:read` (or `all`), owner Admin of the project. */
export const NOTES_READ: AccessRule = { scope: 'notes:read', write: false, projectAdmin: true };

/** Writing notes: `notes:write` (or `all`), a `read-write` token, owner Admin of the project. */
export const NOTES_WRITE: AccessRule = { scope: 'notes:write', write: true, projectAdmin: true };

/** The `:noteId` of a path: a positive integer, else a 400 naming `noteId`. */
export function parseNoteId(value: string | undefined): number {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2147483647) {
    throw invalidParameter('noteId', 'noteId must be a positive integer');
  }

  return Number(value);
}
