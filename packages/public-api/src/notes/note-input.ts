import { PublicApiError, invalidParameter } from '../http/public-api-error';
import type { JsonBody } from '../http/read-json-body';
import { sanitizeNoteContent } from './sanitize-note-content';

/** A JSON object body with only `allowed` members; else a 400 naming the culprit. */
function objectBody(body: JsonBody, allowed: readonly string[]): Record<string, unknown> {
  if (!body.present || typeof body.value !== 'object' || body.value === null) {
    throw invalidParameter('body', 'The body must be a JSON object');
  }
  if (Array.isArray(body.value)) throw invalidParameter('body', 'The body must be a JSON object');
  const record = body.value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!allowed.includes(name)) throw invalidParameter(name, `Unknown field ${name}`);
  }

  return record;
}

function text(record: Record<string, unknown>, name: string, max: number): string {
  const value = record[name];
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > max) {
    throw invalidParameter(name, `${name} must be a non-empty string of at most ${max} characters`);
  }

  return value;
}

/** Sanitised content: at most `max` characters as sent (413), not empty once sanitised (400). */
function content(record: Record<string, unknown>, max: number): string {
  const value = record.content;
  if (typeof value !== 'string') throw invalidParameter('content', 'content must be a string');
  if (value.length > max) {
    throw new PublicApiError('content_too_large', `content must be at most ${max} characters`, {
      param: 'content',
    });
  }
  const clean = sanitizeNoteContent(value);
  if (clean.trim().length === 0) {
    throw invalidParameter('content', 'content is empty once sanitised');
  }

  return clean;
}

/** A validated `POST …/notes` body. */
export interface NewNoteInput {
  readonly collectionName: string;
  readonly recordId: string;
  readonly title: string;
  readonly content: string;
}

/**
 * Validates `{ collectionName, recordId, title, content }` (content sanitised).
 *
 * @example
 * ```ts
 * const note = parseNewNote(await readJsonBody(req, limit), 10000);
 * ```
 */
export function parseNewNote(body: JsonBody, maxContent: number): NewNoteInput {
  const record = objectBody(body, ['collectionName', 'recordId', 'title', 'content']);

  return {
    collectionName: text(record, 'collectionName', 255),
    recordId: text(record, 'recordId', 1024),
    title: text(record, 'title', 255),
    content: content(record, maxContent),
  };
}

/** Validates `{ title?, archived? }` (at least one). */
export function parseNoteChange(body: JsonBody): { title?: string; archived?: boolean } {
  const record = objectBody(body, ['title', 'archived']);
  const change: { title?: string; archived?: boolean } = {};
  if (record.title !== undefined) change.title = text(record, 'title', 255);
  if (record.archived !== undefined) {
    if (typeof record.archived !== 'boolean') {
      throw invalidParameter('archived', 'archived must be true or false');
    }
    change.archived = record.archived;
  }
  if (Object.keys(change).length === 0) {
    throw invalidParameter('body', 'Give title and/or archived');
  }

  return change;
}

/** Validates `{ content }` of a new message (sanitised). */
export function parseNoteMessage(body: JsonBody, maxContent: number): string {
  return content(objectBody(body, ['content']), maxContent);
}
