import type { Response } from 'express';

/**
 * Sends an OAuth error body `{error, error_description}` (RFC 6749 §5.2), never cached.
 *
 * @example
 * ```ts
 * oauthError(res, 400, 'invalid_client', 'Invalid client_id');
 * ```
 */
export function oauthError(res: Response, status: number, error: string, description: string) {
  res
    .set('Cache-Control', 'no-store')
    .status(status)
    .json({ error, error_description: description });
}

/** A string parameter of at most 4096 characters, else undefined. */
export const param = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
