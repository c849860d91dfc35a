import type { Response } from 'express';

import type { PublicApiError } from './public-api-error';
import { requestIdOf } from './request-id';

/** Writes a {@link PublicApiError} as the body of docs/public-api.md#errors, with its headers. */
export function sendError(res: Response, error: PublicApiError): void {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) {
    res.setHeader(name, value);
  }
  res.status(error.status).json({
    error: error.title,
    message: error.message,
    code: error.publicApiCode,
    ...(error.options.param === undefined ? {} : { param: error.options.param }),
    ...error.options.extra,
    request_id: requestIdOf(res),
  });
}
