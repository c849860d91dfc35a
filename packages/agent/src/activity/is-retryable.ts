/**
 * Whether a failed platform call is worth retrying: no answer at all, a 5xx or a 429. A 4xx
 * (bad entry, wrong secret, a user not of the rendering's team, a log not pending) is not.
 *
 * @example
 * ```ts
 * if (!isRetryable(error)) logger('Warn', 'refused', error);
 * ```
 */
export function isRetryable(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { status?: unknown } };
  const status = typeof data?.status === 'number' ? data.status : undefined;
  if (status === undefined) return code !== 'ValidationError';

  return status >= 500 || status === 429;
}
