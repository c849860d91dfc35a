import { GroveError } from '@grove/datasource-toolkit';
import type { IncomingMessage } from 'node:http';

/** Deepest JSON nesting a platform body may have (a rendering's scopes nest far less). */
export const MAX_BODY_DEPTH = 32;
/** Most brackets in one urlencoded key (`a[b][c]`): the interaction forms have flat keys. */
const MAX_KEY_BRACKETS = 4;

const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/** The deepest nesting of JSON text, in one pass over its bytes (strings skipped). */
function jsonDepth(body: Buffer, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i]!;
    if (inString) {
      if (byte === 0x5c) i += 1;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (OPEN.has(byte)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (CLOSE.has(byte)) depth -= 1;
  }

  return deepest;
}

/** The most brackets of one key of an urlencoded body, encoded (`%5B`) or not. */
function keyBrackets(body: Buffer): number {
  let most = 0;
  for (const pair of body.toString('latin1').split('&')) {
    const key = pair.split('=', 1)[0]!;
    const count = (key.match(/\[|%5b/gi) ?? []).length;
    if (count > most) most = count;
  }

  return most;
}

/**
 * The `verify` hook of every body parser of the platform: it sees the raw body (already bounded
 * by the parser's size limit) before `JSON.parse`, `qs` or the OpenID provider does, and refuses
 * one nested deeper than {@link MAX_BODY_DEPTH} levels (JSON) or with urlencoded keys of more than
 * a few brackets, in one linear pass (docs/decisions.md#d28-bounded-request-bodies). Throws a
 * `BadRequestError` (400 in the platform's error body; OAuth routes answer `invalid_request`).
 *
 * @example
 * ```ts
 * router.use(express.json({ limit: '16kb', verify: checkBodyShape }));
 * ```
 */
export function checkBodyShape(req: IncomingMessage, _res: unknown, body: Buffer): void {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('x-www-form-urlencoded')) {
    if (keyBrackets(body) > MAX_KEY_BRACKETS) {
      throw new GroveError('BadRequestError', 'A form key has too many brackets');
    }

    return;
  }
  if (jsonDepth(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw new GroveError(
      'BadRequestError',
      `The body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`,
    );
  }
}
