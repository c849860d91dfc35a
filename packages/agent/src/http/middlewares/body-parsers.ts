import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';
import type { RequestHandler } from 'express';

/**
 * The JSON (`application/json`, `application/*+json`) and URL-encoded body parsers, with a byte
 * limit, as one middleware. Their failures become Grove errors, so that the error middleware
 * answers them in the protocol's JSON shape: a body over the limit is a 413
 * `PayloadTooLargeError`, a body that does not parse (bad JSON, unsupported charset, aborted
 * upload) or nests deeper than {@link maxBodyDepth} levels a 400 `ValidationError`. A request
 * without a body (no `Content-Length` nor `Transfer-Encoding`: every read) goes straight on, with
 * `request.body` undefined as the parsers leave it.
 *
 * @param limit - The largest body, in bytes.
 *
 * @example
 * ```ts
 * router.use(authenticate(authSecret));
 * router.use(bodyParsers(options.maxBodySize));
 * ```
 */
export function bodyParsers(limit: number): RequestHandler {
  const json = express.json({ limit, type: ['application/json', 'application/*+json'] });
  const urlencoded = express.urlencoded({ extended: false, limit });

  return (request, response, next) => {
    const { headers } = request;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      return next();
    }
    json(request, response, (jsonError?: unknown) => {
      if (jsonError) return next(toBodyError(jsonError, limit));
      urlencoded(request, response, (formError?: unknown) => {
        if (formError) return next(toBodyError(formError, limit));
        next(isDeeperThan(request.body, maxBodyDepth) ? tooDeep() : undefined);
      });
    });
  };
}

/**
 * How deep a body may nest objects and arrays. The protocol's deepest documents (JSON:API
 * records with JSON columns, action forms, condition trees of 16 levels) stay far below it; the
 * code that walks a body (validation, copies, condition trees) may then recurse safely.
 */
export const maxBodyDepth = 100;

function tooDeep(): ValidationError {
  return new ValidationError(
    `The request body is nested deeper than ${maxBodyDepth} levels of objects and arrays`,
  );
}

/** Whether a parsed body nests deeper than `max`: iterative, linear in the body's size. */
function isDeeperThan(body: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[body, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [value, level] = entry;
    if (typeof value !== 'object' || value === null) continue;
    if (level >= max) return true;
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push([child, level + 1]);
    }
  }

  return false;
}

function toBodyError(error: unknown, limit: number): unknown {
  const { type } = (error ?? {}) as { type?: unknown };
  if (typeof type !== 'string') return error;
  if (type === 'entity.too.large') {
    return new GroveError(
      'PayloadTooLargeError',
      `The request body is larger than the limit of ${limit} bytes`,
      { cause: error },
    );
  }
  if (type === 'entity.parse.failed') {
    return new ValidationError('The request body is not valid JSON', { cause: error });
  }

  return new ValidationError(`The request body could not be read (${type})`, { cause: error });
}
