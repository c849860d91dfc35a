import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ActionResult, FileResult } from '@grove/datasource-toolkit';
import type { Response } from 'express';

/**
 * Writes the HTTP answer of an executed action (docs/agent-protocol.md#action-results): the headers
 * the action set with `setHeader` on every result kind, then 200 `{success, html?, refresh}`, 400
 * `{error, html?}` (not the docs/agent-protocol.md#errors error shape), 200 `{webhook}`, 200
 * `{redirectTo}`, or the raw bytes of a file.
 *
 * @param response - The Express response, untouched so far.
 * @param result - What `collection.execute` returned.
 * @throws Error on an unknown result kind (a 500 through the error middleware).
 *
 * @example
 * ```ts
 * const result = await collection.execute(caller, 'Mark as live', values, filter);
 * await sendActionResult(response, result);
 * ```
 */
export async function sendActionResult(response: Response, result: ActionResult): Promise<void> {
  const kind = (result as { type?: unknown }).type;
  if (!isKnownKind(kind)) throw new Error(`Unexpected action result type: ${String(kind)}`);

  for (const [name, value] of Object.entries(result.responseHeaders ?? {})) {
    response.setHeader(name, value);
  }

  switch (result.type) {
    case 'Success':
      response.status(200).json({
        success: result.message,
        ...(result.html === undefined ? {} : { html: result.html }),
        refresh: { relationships: [...result.invalidated] },
      });
      break;
    case 'Error':
      response.status(400).json({
        error: result.message,
        ...(result.html === undefined ? {} : { html: result.html }),
      });
      break;
    case 'Webhook': {
      const { url, method, headers, body } = result;
      response.status(200).json({ webhook: { url, method, headers, body } });
      break;
    }
    case 'Redirect':
      response.status(200).json({ redirectTo: result.path });
      break;
    case 'File':
      await sendFile(response, result);
      break;
  }
}

const kinds: Record<ActionResult['type'], true> = {
  Success: true,
  Error: true,
  Webhook: true,
  Redirect: true,
  File: true,
};

function isKnownKind(kind: unknown): kind is ActionResult['type'] {
  return typeof kind === 'string' && Object.hasOwn(kinds, kind);
}

async function sendFile(response: Response, result: FileResult): Promise<void> {
  const { stream } = result;
  const source = stream instanceof Readable ? stream : Readable.from([Buffer.from(stream)]);
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<unknown>;
  // Wait for the first chunk before committing to a download: a stream failing right away
  // still gets the JSON error answer instead of a truncated file.
  const first = await chunks.next();

  const exposed = response.getHeader('Access-Control-Expose-Headers');
  response.status(200);
  response.setHeader('Content-Type', result.mimeType || 'application/octet-stream');
  response.setHeader('Content-Disposition', contentDisposition(result.name || 'file'));
  // Keep what earlier middlewares exposed (the correlation id) next to Content-Disposition.
  response.setHeader(
    'Access-Control-Expose-Headers',
    typeof exposed === 'string' && exposed !== ''
      ? `${exposed}, Content-Disposition`
      : 'Content-Disposition',
  );

  // A failure past this point cuts the connection (the error middleware sees headersSent).
  await pipeline(async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }, response);
}

/**
 * `attachment; filename="<name>"`, as the vendor writes it for plain ASCII names; names with
 * quotes, backslashes or non-ASCII characters (which Node refuses in a header) get an ASCII
 * fallback plus the RFC 5987 `filename*` form, so the header stays well formed.
 */
function contentDisposition(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return `attachment; filename="${name}"`;
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
