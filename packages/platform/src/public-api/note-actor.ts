import type { PublicApiCaller } from '@grove/public-api';

import type { AdminInitiator } from '../services/admin-initiator';

/**
 * Who writes a note or a message, and through what: a public-API token's owner (source `api`,
 * the token on the activity log) or a console user (source `ui`, no token). One implementation
 * of the notes serves both.
 */
export interface NoteActor {
  readonly userId: number;
  readonly userEmail: string;
  readonly source: 'api' | 'ui';
  /** The API token of the write, for its activity log; null from the console. */
  readonly apiTokenId: number | null;
}

/**
 * The actor of a public-API call: the token's owner, with the token.
 *
 * @example
 * ```ts
 * await createNote(context, apiNoteActor(caller), note);
 * ```
 */
export function apiNoteActor(caller: PublicApiCaller): NoteActor {
  return {
    userId: caller.owner.id,
    userEmail: caller.owner.email,
    source: 'api',
    apiTokenId: Number(caller.token.id),
  };
}

/**
 * The actor of a console (admin API) call: the signed-in user.
 *
 * @example
 * ```ts
 * await createNote(context, consoleNoteActor(initiatorOf(res)), note);
 * ```
 */
export function consoleNoteActor(user: NonNullable<AdminInitiator>): NoteActor {
  return { userId: user.id, userEmail: user.email, source: 'ui', apiTokenId: null };
}
