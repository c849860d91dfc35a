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

/** The `error` member of each status (the seed's titles). */
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
 * An error the `/v1` router answers as `{ error, message, code, request_id, param? }`.
 *
 * @example
 * ```ts
 * throw new PublicApiError(400, 'invalid_parameter', 'limit must be between 1 and 100', {
 *   param: 'limit',
 * });
 * ```
 */
export class PublicApiError extends Error {
  readonly status: number;
  readonly code: PublicApiErrorCode;
  readonly options: PublicApiErrorOptions;

  constructor(
    status: number,
    code: PublicApiErrorCode,
    message: string,
    options: PublicApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'PublicApiError';
    this.status = status;
    this.code = code;
    this.options = options;
  }

  /** The `error` member of the body: the status's title. */
  get title(): string {
    return TITLES[this.status] ?? 'Error';
  }
}

/** A 400 naming the parameter (query parameter or body field) that is wrong. */
export function invalidParameter(param: string, message: string): PublicApiError {
  return new PublicApiError(400, 'invalid_parameter', message, { param });
}

/** The seed's 401 for a missing, malformed, unknown or revoked token. */
export function invalidToken(): PublicApiError {
  return new PublicApiError(401, 'invalid_token', 'Invalid or missing API token');
}

/** The seed's 404: also what a token sees of other projects (never leak their existence). */
export function notFound(what = 'Resource'): PublicApiError {
  return new PublicApiError(404, 'not_found', `${what} not found`);
}
