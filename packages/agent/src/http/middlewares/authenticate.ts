import { GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';
import { verifyJwt } from '../jwt';

/** The user of a session token (the claims the agent issues at login, spec §2.2). */
export interface AgentUser {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly team: string;
  readonly role: string;
  readonly permissionLevel?: 'admin' | 'developer' | 'editor' | 'user';
  readonly renderingId?: number;
  readonly tags: Readonly<Record<string, string>>;
}

const cookieName = 'forest_session_token';

function unauthorized(detail: string): GroveError {
  return new GroveError('UnauthorizedError', detail);
}

function readCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === cookieName) {
      return decodeURIComponent(part.slice(index + 1).trim());
    }
  }

  return undefined;
}

/**
 * Checks the session token on private routes (spec §2.3): the `forest_session_token` cookie
 * first, then `Authorization: Bearer <token>`; the verified user lands in `response.locals.user`.
 *
 * @example
 * ```ts
 * router.use(authenticate(options.authSecret));
 * ```
 */
export function authenticate(authSecret: string): RequestHandler {
  return (request, response, next) => {
    let token = readCookie(request.headers.cookie);
    if (token === undefined) {
      const authorization = request.headers.authorization;
      if (authorization === undefined) return next(unauthorized('Authentication Error'));
      const parts = authorization.split(' ');
      if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer') {
        return next(
          unauthorized(
            'Bad Authorization header format. Format is "Authorization: Bearer <token>"',
          ),
        );
      }
      token = parts[1];
    }

    const payload = token ? verifyJwt(token, authSecret) : undefined;
    if (!payload) return next(unauthorized('Authentication Error'));

    (response.locals as { user?: AgentUser }).user = toUser(payload);
    next();
  };
}

function toUser(payload: Record<string, unknown>): AgentUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const renderingId = Number(payload.renderingId);
  const tags =
    typeof payload.tags === 'object' && payload.tags !== null
      ? (payload.tags as Record<string, string>)
      : {};

  return {
    id: Number(payload.id),
    email: text(payload.email),
    firstName: text(payload.firstName),
    lastName: text(payload.lastName),
    team: text(payload.team),
    role: text(payload.role),
    permissionLevel: payload.permissionLevel as AgentUser['permissionLevel'],
    renderingId: Number.isFinite(renderingId) ? renderingId : undefined,
    tags,
  };
}

/**
 * The user the authentication middleware verified.
 *
 * @example
 * ```ts
 * const user = userOf(response);
 * ```
 */
export function userOf(response: Response): AgentUser {
  const user = (response.locals as { user?: AgentUser }).user;
  if (!user) throw unauthorized('Authentication Error');

  return user;
}
