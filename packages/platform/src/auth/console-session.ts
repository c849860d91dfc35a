import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { Op } from 'sequelize';

import type { UserRow, UserSessionRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';

/** The cookie that carries a console session's token. */
export const SESSION_COOKIE = 'grove_admin_session';
/** How long a console session lasts from login. */
export const SESSION_DURATION_MS = 12 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 hex of a session or invitation token: the only form stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random token: 32 bytes in base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a string has the shape of {@link generateToken}'s tokens. */
export function isToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** Compares two texts in constant time (for equal lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');

  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Opens a console session for a user: stores the SHA-256 of a new random token with a new CSRF
 * token, and returns both tokens (the cookie and the header value). The user's expired sessions
 * are removed on the way.
 *
 * @example
 * ```ts
 * const { token, csrfToken } = await openConsoleSession(db, user.id);
 * res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax' });
 * ```
 */
export async function openConsoleSession(
  db: PlatformDatabase,
  userId: number,
  now = new Date(),
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = generateToken();
  const csrfToken = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_DURATION_MS);
  await db.models.UserSession.destroy({ where: { userId, expiresAt: { [Op.lte]: now } } });
  await db.models.UserSession.create({ userId, tokenHash: hashToken(token), csrfToken, expiresAt });

  return { token, csrfToken, expiresAt };
}

/**
 * The live session of a cookie token, with its user, or null (unknown, malformed, or expired —
 * an expired row is removed).
 *
 * @example
 * ```ts
 * const found = await findConsoleSession(db, cookieToken);
 * if (!found) throw new GroveError('UnauthorizedError', 'Log in first');
 * ```
 */
export async function findConsoleSession(
  db: PlatformDatabase,
  token: string,
  now = new Date(),
): Promise<{ session: UserSessionRow; user: UserRow } | null> {
  if (!isToken(token)) return null;
  const session = await db.models.UserSession.findOne({ where: { tokenHash: hashToken(token) } });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await session.destroy();

    return null;
  }
  const user = await db.models.User.findByPk(session.userId);

  return user ? { session: session.get({ plain: true }), user: user.get({ plain: true }) } : null;
}
