import type { Response } from 'express';

/**
 * Answers `body` as JSON (`application/json; charset=utf-8`) with the response's status, for the
 * hot read routes (list, get one, related list, counts): one `JSON.stringify`, and the text handed
 * to Node as is, so that the status line, the headers and the body leave in one socket write.
 * Express's `response.json` converts any body over 1,000 characters to a Buffer (the headers
 * and the body are then written apart) and hashes it for an `ETag`. The protocol uses no
 * conditional requests and the vendor's agent sends no `ETag`, so these answers carry none.
 * Node computes `Content-Length`; a `HEAD` request gets the headers only.
 *
 * @example
 * ```ts
 * sendJson(response, serializeRecords(books, records, projection));
 * ```
 */
export function sendJson(response: Response, body: unknown): void {
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}
