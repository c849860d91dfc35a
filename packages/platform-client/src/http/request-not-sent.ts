/** Error codes that mean no connection was made: the server never saw the request. */
const NOT_CONNECTED_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const unsent = Symbol('grove.requestNotSent');

/**
 * Marks an error of a request that failed before its connection was established.
 *
 * @example
 * ```ts
 * request.on('error', error => reject(connected ? error : markUnsent(error)));
 * ```
 */
export function markUnsent(error: Error): Error {
  Object.defineProperty(error, unsent, { value: true });

  return error;
}

/**
 * Whether a request certainly never reached the server: marked by `sendHttpRequest`, or a
 * connection error code (also as the `cause` of a `fetch` error). Such a request may be sent
 * again whatever its method (docs/platform-protocol.md#timeouts-and-retries).
 *
 * @example
 * ```ts
 * if (wasNotSent(error)) await sendAgain();
 * ```
 */
export function wasNotSent(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { [unsent]?: unknown })[unsent] === true) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }

  return false;
}
