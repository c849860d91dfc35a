import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';

/**
 * The JSON (`application/json`, `application/*+json`) and URL-encoded body parsers, with a byte
 * limit. Their failures become Grove errors, so that the error middleware answers them in the
 * protocol's JSON shape: a body over the limit is a 413 `PayloadTooLargeError`, a body that does
 * not parse (bad JSON, unsupported charset, aborted upload) a 400 `ValidationError`.
 *
 * @param limit - The largest body, in bytes.
 *
 * @example
 * ```ts
 * router.use(authenticate(authSecret));
 * router.use(bodyParsers(options.maxBodySize));
 * ```
 */
export function bodyParsers(limit: number): Array<RequestHandler | ErrorRequestHandler> {
  const translate: ErrorRequestHandler = (error: unknown, _request, _response, next) => {
    next(toBodyError(error, limit));
  };

  return [
    express.json({ limit, type: ['application/json', 'application/*+json'] }),
    express.urlencoded({ extended: false, limit }),
    translate,
  ];
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
