import { ValidationError } from '@grove/datasource-toolkit';
import { DEFAULT_MAX_NOTE_LENGTH, sanitizeNoteContent } from '@grove/public-api';

import { optionalBoolean } from '../../http/admin-input';

/** A new note of the admin API, validated (content sanitised). */
export interface NoteInput {
  readonly collectionName: string;
  readonly recordId: string;
  readonly title: string;
  readonly content: string;
}

function text(body: Record<string, unknown>, name: string, max: number): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > max) {
    throw new ValidationError(`${name} is a text of 1 to ${max} characters`);
  }

  return value;
}

/**
 * The `content` of a note or a message: at most {@link DEFAULT_MAX_NOTE_LENGTH} characters as
 * sent, sanitised by the public API's sanitizer (one rule for both surfaces), not empty once
 * sanitised.
 *
 * @example
 * ```ts
 * const content = checkNoteContent(bodyOf(req, ['content']));
 * ```
 */
export function checkNoteContent(body: Record<string, unknown>): string {
  const clean = sanitizeNoteContent(text(body, 'content', DEFAULT_MAX_NOTE_LENGTH));
  if (clean.trim().length === 0) throw new ValidationError('content is empty once sanitised');

  return clean;
}

/**
 * Validates `{ collectionName, recordId, title, content }`; each message starts with its field.
 *
 * @example
 * ```ts
 * const note = checkNewNote(bodyOf(req, NOTE_FIELDS));
 * ```
 */
export function checkNewNote(body: Record<string, unknown>): NoteInput {
  return {
    collectionName: text(body, 'collectionName', 255),
    recordId: text(body, 'recordId', 1024),
    title: text(body, 'title', 255),
    content: checkNoteContent(body),
  };
}

/**
 * Validates `{ title?, archived? }` (at least one).
 *
 * @example
 * ```ts
 * const change = checkNoteChange(bodyOf(req, ['title', 'archived']));
 * ```
 */
export function checkNoteChange(body: Record<string, unknown>): {
  title?: string;
  archived?: boolean;
} {
  const title = body.title === undefined ? undefined : text(body, 'title', 255);
  const archived = optionalBoolean(body, 'archived');
  if (title === undefined && archived === undefined) {
    throw new ValidationError('Nothing to change: give title and/or archived');
  }

  return {
    ...(title === undefined ? {} : { title }),
    ...(archived === undefined ? {} : { archived }),
  };
}
