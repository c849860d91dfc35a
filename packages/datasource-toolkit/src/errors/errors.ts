import { GroveError, type GroveErrorOptions } from './grove-error';

type Options = Omit<GroveErrorOptions, 'name'> & { readonly name?: string };

/**
 * Bad input or a misuse of the schema (HTTP 400).
 *
 * @example
 * ```ts
 * throw new ValidationError('The email is invalid');
 * ```
 */
export class ValidationError extends GroveError {
  constructor(message: string, options: Options = {}) {
    super('ValidationError', message, options);
  }
}

/**
 * The caller is not allowed to do this (HTTP 403).
 *
 * @example
 * ```ts
 * throw new ForbiddenError('Only managers can delete invoices');
 * ```
 */
export class ForbiddenError extends GroveError {
  constructor(message: string, options: Options = {}) {
    super('ForbiddenError', message, options);
  }
}

/**
 * A business refusal (HTTP 422).
 *
 * @example
 * ```ts
 * throw new UnprocessableError('This order was already shipped');
 * ```
 */
export class UnprocessableError extends GroveError {
  constructor(message: string, options: Options = {}) {
    super('UnprocessableError', message, options);
  }
}

/**
 * A missing record or resource (HTTP 404).
 *
 * @example
 * ```ts
 * throw new NotFoundError('Record does not exists');
 * ```
 */
export class NotFoundError extends GroveError {
  constructor(message: string, options: Options = {}) {
    super('NotFoundError', message, options);
  }
}
