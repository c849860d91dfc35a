import { randomBytes } from 'node:crypto';

import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';
import type { Request, Response } from 'express';

import {
  openConsoleSession,
  SESSION_COOKIE,
  SESSION_DURATION_MS,
} from '../../auth/console-session';
import { hashPassword, verifyPassword } from '../../auth/password';
import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { requireJsonBody } from '../../http/middlewares/require-json-body';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { PlatformContext } from '../../platform-context';
import { findUserByEmail } from '../../services/find-user-by-email';
import { userJson } from './admin-json';
import { checkBodyShape } from '../../http/check-body-shape';

const WRONG = 'Wrong email or password';

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure behind an https public URL. */
export function setSessionCookie(context: PlatformContext, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.publicUrl.startsWith('https:'),
    path: '/api/admin',
    maxAge: SESSION_DURATION_MS,
  });
}

/**
 * `POST /api/admin/session` {email, password}: opens a console session (cookie
 * `grove_admin_session`) and answers `{ data: { user, csrfToken, expiresAt } }`. Any wrong
 * email or password is the same 401; past the limit of attempts, refused with 429 (the platform's one
 * login limiter, shared with the OpenID login page; in Redis when the platform has one).
 *
 * @example
 * ```ts
 * mountLogin(router, context);
 * ```
 */
export const mountLogin: PlatformRouteMounter = (router, context) => {
  const limiter = context.loginLimiter;
  // Unknown emails are verified against this hash too, so that they take as long as known ones.
  let decoy: Promise<string> | undefined;

  const login = async (req: Request, res: Response) => {
    const { email, password } = bodyOf(req, ['email', 'password']);
    if (typeof email !== 'string' || typeof password !== 'string' || email.length > 320) {
      throw new ValidationError('email and password are texts');
    }
    const ip = String(req.ip);
    // Counted before the password is hashed, atomically (docs/decisions.md#d29-login-attempts-counted-first).
    const wait = await limiter.attempt(ip, email);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      throw new GroveError('TooManyRequestsError', `Too many failed logins; retry in ${wait} s`);
    }

    const user = await findUserByEmail(context.db, email);
    decoy ??= hashPassword(randomBytes(24).toString('base64url'));
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoy));
    if (!user || !user.passwordHash || !valid) throw new GroveError('UnauthorizedError', WRONG);
    await limiter.succeeded(ip, email);
    const { token, csrfToken, expiresAt } = await openConsoleSession(context.db, user.id);
    setSessionCookie(context, res, token);
    res.json({ data: { user: userJson(user), csrfToken, expiresAt } });
  };

  router.post(
    '/api/admin/session',
    requireJsonBody,
    express.json({ verify: checkBodyShape, limit: '16kb' }),
    handle(login),
  );
};
