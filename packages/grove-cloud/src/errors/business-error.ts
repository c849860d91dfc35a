import { isGroveError } from '@grove/datasource-toolkit';

/** The kinds of failure the CLI reports as a message and exit code 1 (no stack, no bug report). */
export type BusinessErrorCode = 'BusinessError' | 'CustomizationError';

/** Options of {@link BusinessError}. */
export interface BusinessErrorOptions {
  /** The error this one explains (kept for debugging, never printed as a bug). */
  readonly cause?: unknown;
}

/**
 * A failure the user can fix (a missing variable, an outdated CLI, a broken customization): the
 * CLI prints its message as a failed step and exits with code 1. Any other error is a bug.
 * Match with {@link isBusinessError} (a marker, not `instanceof`).
 *
 * @example
 * ```ts
 * throw new BusinessError('Missing GROVE_ENV_SECRET. Please check your .env file.');
 * ```
 */
export class BusinessError extends Error {
  /** Marks business errors across copies of the package (see {@link isBusinessError}). */
  readonly isBusinessError = true as const;
  readonly code: BusinessErrorCode;

  constructor(
    message: string,
    options: BusinessErrorOptions = {},
    code: BusinessErrorCode = 'BusinessError',
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = code;
  }
}

/**
 * The built customization cannot be used: it does not export a function, or it threw. The stack
 * is the customization's own, so that the user finds the failing line.
 *
 * @example
 * ```ts
 * throw new CustomizationError('Customization file must export a function');
 * ```
 */
export class CustomizationError extends BusinessError {
  constructor(message: string, options: BusinessErrorOptions = {}) {
    super(message, options, 'CustomizationError');
  }
}

/**
 * Tells whether a value is a {@link BusinessError} (any code), across copies of the package.
 *
 * @example
 * ```ts
 * if (isBusinessError(error)) process.exitCode = 1;
 * ```
 */
export function isBusinessError(error: unknown): error is BusinessError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Partial<BusinessError>).isBusinessError === true
  );
}

/**
 * Whether the CLI reports an error as a failed step with its message and exit code 1 (never a
 * bug to report): a {@link BusinessError}, or a `GroveError` (the platform client's failures,
 * worded for the user).
 *
 * @example
 * ```ts
 * if (!isUserError(error)) throw error;
 * ```
 */
export function isUserError(error: unknown): error is Error {
  return isBusinessError(error) || isGroveError(error);
}
