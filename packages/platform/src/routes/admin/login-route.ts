import { randomBytes } from 'node:crypto';

import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';
import type { Request, Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';

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

/** Failed logins allowed per email and address in 15 minutes, then per address in a day. */
export const LOGIN_LIMITS = { perEmailAndIp: 10, perIp: 100 } as const;

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
 * email or password is the same 401; repeated failures are refused with 429 (in memory: the
 * counters are per platform process).
 *
 * @example
 * ```ts
 * mountLogin(router, context);
 * ```
 */
export const mountLogin: PlatformRouteMounter = (router, context) => {
  const byEmailAndIp = new RateLimiterMemory({
    keyPrefix: 'login-email-ip',
    points: LOGIN_LIMITS.perEmailAndIp,
    duration: 15 * 60,
  });
  const byIp = new RateLimiterMemory({
    keyPrefix: 'login-ip',
    points: LOGIN_LIMITS.perIp,
    duration: 24 * 60 * 60,
  });
  // Unknown emails are verified against this hash too, so that they take as long as known ones.
  let decoy: Promise<string> | undefined;

  const refuseWhenLimited = async (keys: [string, string]) => {
    const [emailAndIp, ip] = await Promise.all([byEmailAndIp.get(keys[0]), byIp.get(keys[1])]);
    const blocked = [
      [emailAndIp, LOGIN_LIMITS.perEmailAndIp],
      [ip, LOGIN_LIMITS.perIp],
    ] as const;
    for (const [state, limit] of blocked) {
      if (state && state.consumedPoints >= limit) {
        throw new GroveError(
          'TooManyRequestsError',
          `Too many failed logins; retry in ${Math.ceil(state.msBeforeNext / 1000)} s`,
        );
      }
    }
  };

  const login = async (req: Request, res: Response) => {
    const { email, password } = bodyOf(req, ['email', 'password']);
    if (typeof email !== 'string' || typeof password !== 'string' || email.length > 320) {
      throw new ValidationError('email and password are texts');
    }
    const keys: [string, string] = [`${email.toLowerCase()}_${req.ip}`, String(req.ip)];
    await refuseWhenLimited(keys);

    const user = await findUserByEmail(context.db, email);
    decoy ??= hashPassword(randomBytes(24).toString('base64url'));
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoy));
    if (!user || !user.passwordHash || !valid) {
      await Promise.all([byEmailAndIp.penalty(keys[0]), byIp.penalty(keys[1])]);
      throw new GroveError('UnauthorizedError', WRONG);
    }
    await byEmailAndIp.delete(keys[0]);
    const { token, csrfToken, expiresAt } = await openConsoleSession(context.db, user.id);
    setSessionCookie(context, res, token);
    res.json({ data: { user: userJson(user), csrfToken, expiresAt } });
  };

  router.post(
    '/api/admin/session',
    requireJsonBody,
    express.json({ limit: '16kb' }),
    handle(login),
  );
};
