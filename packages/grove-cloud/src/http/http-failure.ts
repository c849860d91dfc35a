import { BusinessError } from '../errors/business-error';
import { ValidationError } from '../errors/validation-error';

const loginHint = " You can try to login again by running 'npx grove-cloud login'";

/** The `detail` entries of a platform error body `{ errors: [{ detail }] }`. */
function detailsOf(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];

  return errors
    .map(error => (error as { detail?: unknown } | null)?.detail)
    .filter((detail): detail is string => typeof detail === 'string');
}

/**
 * Translates a failed platform answer (docs/platform-protocol.md#cli-errors): 400 → a {@link
 * ValidationError} of its details, each prefixed "🚨 "; 401/403 → "<context>: <status>\n<details>"
 * and a hint to log in again; anything else → "<context>: <status>\n<details>".
 *
 * @example
 * ```ts
 * if (!response.ok) throw await httpFailure(response, 'Failed to retrieve logs');
 * ```
 */
export async function httpFailure(response: Response, context: string): Promise<BusinessError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): no details.
  }
  const details = detailsOf(body);
  if (response.status === 400) {
    return new ValidationError(
      details.length ? details.map(detail => `🚨 ${detail}`).join('\n') : `🚨 ${context}`,
    );
  }
  const message = `${context}: Request failed with status code ${response.status}${details.length ? `\n${details.join('\n')}` : ''}`;

  return new BusinessError(
    response.status === 401 || response.status === 403 ? `${message}${loginHint}` : message,
  );
}

/**
 * The error of a call that got no answer (connection refused, DNS…): "<context>: <reason>".
 *
 * @example
 * ```ts
 * throw transportFailure(error, 'Failed to retrieve logs');
 * ```
 */
export function transportFailure(error: unknown, context: string): BusinessError {
  const cause = (error as { cause?: { message?: string } } | null)?.cause?.message;
  const reason = [(error as { message?: string } | null)?.message ?? String(error), cause]
    .filter(Boolean)
    .join(': ');

  return new BusinessError(`${context}: ${reason}`, { cause: error });
}
