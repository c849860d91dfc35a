import { errorStatus, isGroveError } from '@grove/datasource-toolkit';
import type { GroveErrorCode, Logger } from '@grove/datasource-toolkit';
import type { ErrorRequestHandler } from 'express';

import { PublicApiError, isPublicApiError } from './public-api-error';
import type { PublicApiErrorCode } from './public-api-error';
import { sendError } from './send-error';

/** The wire code of each store error code. Exhaustive: a new toolkit code fails to compile. */
const STORE_CODES: Readonly<Record<GroveErrorCode, PublicApiErrorCode>> = {
  ValidationError: 'invalid_parameter',
  BadRequestError: 'invalid_parameter',
  UnauthorizedError: 'invalid_token',
  ForbiddenError: 'forbidden',
  NotFoundError: 'not_found',
  ConflictError: 'conflict',
  UnprocessableError: 'unprocessable',
  PayloadTooLargeError: 'content_too_large',
  UnsupportedMediaTypeError: 'unsupported_media_type',
  TooManyRequestsError: 'rate_limited',
  InternalServerError: 'internal_error',
  ServiceUnavailableError: 'service_unavailable',
};

function unexpected(): PublicApiError {
  return new PublicApiError('internal_error', 'Unexpected error');
}

/** Turns any error into a {@link PublicApiError}; unknown and 5xx errors are logged, not shown. */
export function toPublicApiError(error: unknown, logger: Logger | undefined): PublicApiError {
  if (isPublicApiError(error)) return error;
  if (isGroveError(error)) {
    const status = errorStatus[error.code];
    if (status < 500) return new PublicApiError(STORE_CODES[error.code], error.message);
    logger?.('Error', 'Public API: store error', error);

    return status === 503
      ? new PublicApiError('service_unavailable', 'Service unavailable, retry later')
      : unexpected();
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Express's own client errors (a path that is not valid percent-encoding…).
    return new PublicApiError('invalid_parameter', 'The request is malformed');
  }
  logger?.('Error', 'Public API: unexpected error', error);

  return unexpected();
}

/**
 * The one error middleware of `/v1`: `PublicApiError`s as they are, other `GroveError`s by code
 * (`errorStatus`), anything else a 500 that says nothing of its cause (logged instead).
 */
export function createErrorHandler(logger: Logger | undefined): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      // A stream that already started cannot change its status: cut it so the client sees it.
      logger?.('Error', 'Public API: error after the response started', error);
      res.destroy();

      return;
    }
    if (res.writableEnded) {
      next();

      return;
    }
    sendError(res, toPublicApiError(error, logger));
  };
}
