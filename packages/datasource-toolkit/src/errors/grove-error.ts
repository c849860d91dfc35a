/**
 * The error families of Grove. A code is also the error `name` sent on the wire unless a more
 * specific name is given (e.g. `MissingFieldError` has the code `ValidationError`).
 */
export type GroveErrorCode =
  | 'ValidationError'
  | 'BadRequestError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'UnprocessableError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'TooManyRequestsError'
  | 'InternalServerError'
  | 'ServiceUnavailableError';

/** Options of {@link GroveError}. */
export interface GroveErrorOptions {
  /** A more specific name than the code (sent on the wire as `name`). */
  readonly name?: string;
  /** A JSON payload sent to clients with the error. */
  readonly data?: Record<string, unknown>;
  /** The error this one wraps (a driver error, a parse error…). */
  readonly cause?: unknown;
}

/**
 * The one error of Grove. Every package throws it (or one of its thin subclasses) and matches
 * on `code`, never on `instanceof`, so that two copies of the package still agree.
 *
 * @example
 * ```ts
 * throw new GroveError('ForbiddenError', 'Only admins can refund orders');
 * if (isGroveError(error, 'ValidationError')) res.status(400);
 * ```
 */
export class GroveError extends Error {
  /** Marks Grove errors across package copies (see {@link isGroveError}). */
  readonly isGroveError = true as const;
  readonly code: GroveErrorCode;
  readonly data?: Record<string, unknown>;

  constructor(code: GroveErrorCode, message: string, options: GroveErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = options.name ?? code;
    if (options.data !== undefined) this.data = options.data;
  }
}

/**
 * Tells whether a value is a Grove error, optionally of a given code. Works across copies of the
 * package (it checks a marker, not the class).
 *
 * @example
 * ```ts
 * if (isGroveError(error, 'NotFoundError')) return res.sendStatus(404);
 * ```
 */
export function isGroveError(error: unknown, code?: GroveErrorCode): error is GroveError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<GroveError>;
  if (candidate.isGroveError !== true || typeof candidate.code !== 'string') return false;
  return code === undefined || candidate.code === code;
}
