import type { Request } from 'express';

/**
 * The value of one cookie of a request, or undefined. Bounded: the header is read only up to
 * 8 KiB, and values are not URI-decoded (the platform's tokens are base64url).
 *
 * @example
 * ```ts
 * const token = readCookie(req, 'grove_admin_session');
 * ```
 */
export function readCookie(req: Request, name: string): string | undefined {
  const header = (req.headers.cookie ?? '').slice(0, 8192);
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      return part
        .slice(index + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
    }
  }

  return undefined;
}
