import type { GroveErrorCode } from './grove-error';

/**
 * The HTTP status of each error code. Exhaustive: a new code fails to compile until mapped.
 *
 * @example
 * ```ts
 * res.status(errorStatus[error.code]);
 * ```
 */
export const errorStatus: Readonly<Record<GroveErrorCode, number>> = {
  ValidationError: 400,
  BadRequestError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  UnprocessableError: 422,
  PayloadTooLargeError: 413,
  UnsupportedMediaTypeError: 415,
  TooManyRequestsError: 429,
  InternalServerError: 500,
  ServiceUnavailableError: 503,
};
