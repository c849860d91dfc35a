import { BusinessError } from './business-error';

/**
 * The platform refused the request's content (HTTP 400): the message lists its details, one per
 * line, each starting with "🚨 ".
 *
 * @example
 * ```ts
 * throw new ValidationError('🚨 limit is from 1 to 1000');
 * ```
 */
export class ValidationError extends BusinessError {
  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ValidationError';
  }
}
