import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Request, Response } from 'express';

/** The cookie holding the browser's anti-forgery secret (random, HttpOnly, SameSite=Strict). */
export const CSRF_COOKIE = 'grove_oidc_csrf';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }

  return undefined;
}

const tokenFor = (secret: string, uid: string) =>
  createHmac('sha256', secret).update(`interaction:${uid}`).digest('base64url');

/**
 * The anti-forgery token of an interaction's forms: an HMAC of the interaction id keyed with a
 * per-browser secret kept in an HttpOnly cookie (set here when missing). A page on another site
 * can neither read the cookie nor compute the token.
 *
 * @example
 * ```ts
 * const csrfToken = issueCsrfToken(req, res, context.publicUrl, uid);
 * ```
 */
export function issueCsrfToken(
  req: Request,
  res: Response,
  publicUrl: string,
  uid: string,
): string {
  let secret = readCookie(req, CSRF_COOKIE);
  if (!secret || !SECRET.test(secret)) {
    secret = randomBytes(32).toString('base64url');
    const url = new URL(publicUrl);
    res.cookie(CSRF_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'strict',
      secure: url.protocol === 'https:',
      path: `${url.pathname.replace(/\/+$/, '')}/oidc/interaction`,
    });
  }

  return tokenFor(secret, uid);
}

/**
 * Whether a form post carries the right token for this interaction and this browser, and, when
 * the browser names its origin, comes from the platform's own pages.
 *
 * @example
 * ```ts
 * if (!checkCsrfToken(req, context.publicUrl, uid, body.csrf)) throw new ForbiddenError('…');
 * ```
 */
export function checkCsrfToken(
  req: Request,
  publicUrl: string,
  uid: string,
  token: unknown,
): boolean {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== new URL(publicUrl).origin) return false;
  const secret = readCookie(req, CSRF_COOKIE);
  if (!secret || !SECRET.test(secret) || typeof token !== 'string') return false;
  const expected = Buffer.from(tokenFor(secret, uid));
  const given = Buffer.from(token);

  return given.length === expected.length && timingSafeEqual(given, expected);
}
