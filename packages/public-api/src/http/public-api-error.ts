import { GroveError, errorStatus, isGroveError } from '@grove/datasource-toolkit';
import type { GroveErrorCode } from '@grove/datasource-toolkit';

/**
 * The stable machine codes of the `/v1` error bodies (`code`).
 *
 * @example
 * ```ts
 * if (body.code === ('token_expired' satisfies PublicApiErrorCode)) await renewToken();
 * ```
 */
export type PublicApiErrorCode =
  | 'invalid_parameter'
  | 'invalid_json'
  | 'invalid_webhook_url'
  | 'superseded_url'
  | 'invalid_token'
  | 'token_expired'
  | 'insufficient_scope'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'run_in_progress'
  | 'payload_too_large'
  | 'content_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

/** Options of {@link PublicApiError}. */
export interface PublicApiErrorOptions {
  /** The offending query parameter or body field (`param` in the body). */
  readonly param?: string;
  /** Extra members of the body (e.g. `retry_after`). */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Extra response headers (e.g. `Retry-After`, `X-Accepted-Scopes`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The Grove error family of each wire code: it gives the status (`errorStatus`), so a code never
 * travels with a status of another family. Exhaustive: a new wire code fails to compile here.
 */
const FAMILIES: Readonly<Record<PublicApiErrorCode, GroveErrorCode>> = {
  invalid_parameter: 'ValidationError',
  invalid_json: 'BadRequestError',
  invalid_webhook_url: 'BadRequestError',
  superseded_url: 'BadRequestError',
  invalid_token: 'UnauthorizedError',
  token_expired: 'UnauthorizedError',
  insufficient_scope: 'ForbiddenError',
  forbidden: 'ForbiddenError',
  not_found: 'NotFoundError',
  conflict: 'ConflictError',
  run_in_progress: 'ConflictError',
  payload_too_large: 'PayloadTooLargeError',
  content_too_large: 'PayloadTooLargeError',
  unsupported_media_type: 'UnsupportedMediaTypeError',
  unprocessable: 'UnprocessableError',
  rate_limited: 'TooManyRequestsError',
  internal_error: 'InternalServerError',
  service_unavailable: 'ServiceUnavailableError',
};

/** The `error` member of each status (docs/public-api.md#errors). */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * A `GroveError` of `/v1` with its wire code: the family (and so the status) follows from the
 * code, and the router answers it as `{ error, message, code, request_id, param? }`. Matched with
 * {@link isPublicApiError} (a marker, like `isGroveError`), never with `instanceof`.
 *
 * @example
 * ```ts
 * throw new PublicApiError('invalid_parameter', 'limit must be between 1 and 100', {
 *   param: 'limit',
 * });
 * ```
 */
export class PublicApiError extends GroveError {
  readonly publicApiCode: PublicApiErrorCode;
  readonly options: PublicApiErrorOptions;

  constructor(code: PublicApiErrorCode, message: string, options: PublicApiErrorOptions = {}) {
    super(FAMILIES[code], message, { name: 'PublicApiError' });
    this.publicApiCode = code;
    this.options = options;
  }

  /** The HTTP status: the one of the code's family. */
  get status(): number {
    return errorStatus[this.code];
  }

  /** The `error` member of the body: the status's title. */
  get title(): string {
    return TITLES[this.status] ?? 'Error';
  }
}

/**
 * Tells whether a value is a {@link PublicApiError}, by its marker (works across copies of the
 * package).
 *
 * @example
 * ```ts
 * if (isPublicApiError(error)) sendError(res, error);
 * ```
 */
export function isPublicApiError(error: unknown): error is PublicApiError {
  return (
    isGroveError(error) &&
    typeof (error as Partial<PublicApiError>).publicApiCode === 'string' &&
    typeof (error as Partial<PublicApiError>).options === 'object'
  );
}

/** A 400 naming the parameter (query parameter or body field) that is wrong. */
export function invalidParameter(param: string, message: string): PublicApiError {
  return new PublicApiError('invalid_parameter', message, { param });
}

/** The 401 (docs/public-api.md#authentication) for a missing, malformed, unknown or revoked token. */
export function invalidToken(): PublicApiError {
  return new PublicApiError('invalid_token', 'Invalid or missing API token');
}

/** The 404 (docs/public-api.md#errors): also what a token sees of other projects (never leak their existence). */
export function notFound(what = 'Resource'): PublicApiError {
  return new PublicApiError('not_found', `${what} not found`);
}
