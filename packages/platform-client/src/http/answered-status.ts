import { isGroveError } from '@grove/datasource-toolkit';

/**
 * The HTTP status of a platform answer outside the expected ones, read from the error
 * `PlatformHttp.request` threw for it (`data.status`, see `statusError`); `undefined` when the
 * error is of a call that got no answer at all.
 *
 * @example
 * ```ts
 * if (answeredStatus(error) === 404) return null;
 * ```
 */
export function answeredStatus(error: unknown): number | undefined {
  if (!isGroveError(error)) return undefined;
  const status = error.data?.status;

  return typeof status === 'number' ? status : undefined;
}

/**
 * A JSON object answer as a record: anything else (an array, text, nothing) is `{}`.
 *
 * @example
 * ```ts
 * objectBody('not json'); // {}
 * ```
 */
export function objectBody(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
