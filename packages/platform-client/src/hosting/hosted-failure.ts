import { GroveError, errorCodeForStatus, isGroveError } from '@grove/datasource-toolkit';
import { answeredStatus } from '../http/answered-status';

const loginHint = " You can try to login again by running 'npx grove-cloud login'";

/** The `detail` entries of a platform error body `{ errors: [{ detail }] }`. */
function detailsOf(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];

  return errors
    .map(error => (error as { detail?: unknown } | null)?.detail)
    .filter((detail): detail is string => typeof detail === 'string');
}

/** "<message>: <cause's message>", as Node's `fetch` errors put the socket's reason in `cause`. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string } } | null)?.cause?.message;

  return [(error as { message?: string } | null)?.message ?? String(error), cause]
    .filter(Boolean)
    .join(': ');
}

/**
 * Words a failed hosted-agent call for the CLI's user (docs/platform-protocol.md#cli-errors), as
 * a `GroveError`: 400 → a `ValidationError` of the details, each prefixed "🚨 "; 401/403 →
 * "<context>: Request failed with status code <status>\n<details>" and a hint to log in again;
 * any other status the same without the hint (its code follows the status); no answer →
 * "<context>: <reason>" (`ServiceUnavailableError`), or the hint when `fetch` refused the
 * token as a header. Any other error (an answer that is not JSON) is returned as is.
 *
 * @example
 * ```ts
 * throw hostedFailure(error, 'Failed to retrieve logs');
 * ```
 */
export function hostedFailure(error: unknown, context: string): unknown {
  const status = answeredStatus(error);
  if (status !== undefined) {
    const details = detailsOf((error as GroveError).data?.body);
    if (status === 400) {
      return new GroveError(
        'ValidationError',
        details.length ? details.map(detail => `🚨 ${detail}`).join('\n') : `🚨 ${context}`,
      );
    }
    const message = `${context}: Request failed with status code ${status}${details.length ? `\n${details.join('\n')}` : ''}`;

    return new GroveError(
      errorCodeForStatus(status),
      status === 401 || status === 403 ? `${message}${loginHint}` : message,
    );
  }
  if (!isGroveError(error, 'ServiceUnavailableError')) return error;
  const cause = error.cause ?? error;
  if (cause instanceof TypeError && /header/i.test(cause.message)) {
    return new GroveError(
      'UnauthorizedError',
      `${context}: ${cause.message}\nYour authentication token seems incorrect. You can try to login again by running 'npx grove-cloud login'`,
    );
  }

  return new GroveError('ServiceUnavailableError', `${context}: ${reasonOf(cause)}`, { cause });
}
