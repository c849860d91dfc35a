import { GroveError, errorCodeForStatus } from '@grove/datasource-toolkit';

/** Reads the human text of a platform error body (`{"errors":[{"detail":"…"}]}`), if any. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.length > 0 ? body : undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (Array.isArray(errors)) {
    const first: unknown = errors[0];
    if (typeof first === 'object' && first !== null) {
      const { detail } = first as { detail?: unknown };
      if (typeof detail === 'string') return detail;
    }
  }

  return typeof message === 'string' ? message : undefined;
}

/**
 * Builds the error for a platform answer outside 2xx: the code follows the status, the message
 * names the URL, the status and the server's detail, and `data` carries both.
 *
 * @example
 * ```ts
 * throw statusError('https://api.example.com/liana/v4/permissions/users', 403, body);
 * ```
 */
export function statusError(url: string, status: number, body: unknown): GroveError {
  const detail = detailOf(body);
  const message = `the platform at ${url} answered ${status}${detail ? `: ${detail}` : ''}`;

  return new GroveError(errorCodeForStatus(status), message, { data: { status, body } });
}

/**
 * Builds the error for a request that got no HTTP answer at all (refused, DNS, TLS, timeout).
 *
 * @example
 * ```ts
 * throw unreachableError('https://api.example.com/forest/apimaps', error);
 * ```
 */
export function unreachableError(url: string, cause: unknown, timeoutMs?: number): GroveError {
  const reason = timeoutMs === undefined ? '' : ` (no answer within ${timeoutMs} ms)`;

  return new GroveError('ServiceUnavailableError', `cannot reach the platform at ${url}${reason}`, {
    cause,
    data: timeoutMs === undefined ? { url } : { url, timeoutMs },
  });
}
