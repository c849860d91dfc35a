import type { Request } from 'express';

import { PublicApiError } from './public-api-error';

/** What the body was: nothing at all, or a parsed JSON value. */
export type JsonBody =
  { readonly present: false } | { readonly present: true; readonly value: unknown };

/**
 * Reads a request's JSON body, at most `limit` bytes, after the route has checked who calls and
 * what they may do (an unknown caller never makes the API read a body):
 * - not `application/json` → 415 `unsupported_media_type`;
 * - over `limit` (announced or streamed) → 413 `payload_too_large`, reading stops;
 * - not JSON → 400 `invalid_json`.
 *
 * @example
 * ```ts
 * const body = await readJsonBody(req, 16 * 1024);
 * ```
 */
export async function readJsonBody(req: Request, limit: number): Promise<JsonBody> {
  const length = req.get('content-length');
  const chunked = req.get('transfer-encoding') !== undefined;
  if (
    !chunked &&
    (length === undefined || length === '0') &&
    req.get('content-type') === undefined
  ) {
    return { present: false };
  }
  if (!req.is('application/json')) {
    throw new PublicApiError('unsupported_media_type', 'The body must be application/json');
  }
  // Close the connection: the rest of an oversize body is not worth reading.
  const tooLarge = () =>
    new PublicApiError('payload_too_large', `The body must be at most ${limit} bytes`, {
      headers: { Connection: 'close' },
    });
  if (length !== undefined && Number(length) > limit) throw tooLarge();
  // A body parser of the app ran first (mount the router before it): use what it parsed.
  const parsed = (req as { body?: unknown }).body;
  if (req.readableEnded && parsed !== undefined) return { present: true, value: parsed };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { present: false };
  try {
    return { present: true, value: JSON.parse(text) as unknown };
  } catch {
    throw new PublicApiError('invalid_json', 'The body is not valid JSON');
  }
}
