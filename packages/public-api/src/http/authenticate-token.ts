import type { Request, RequestHandler, Response } from 'express';

import type { PublicApiContext } from '../public-api-context';
import { consumeWindows, setRateLimitHeaders } from '../rate-limits/rate-limit-window';
import type { PublicApiCaller } from '../store/api-token-types';
import { hashApiToken, isWellFormedApiToken } from '../tokens/api-token';
import { PublicApiError, invalidToken } from './public-api-error';

/** Longest `Authorization` header read at all (tokens are 44 characters). */
const MAX_AUTHORIZATION_LENGTH = 512;

function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (header === undefined || header.length > MAX_AUTHORIZATION_LENGTH) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());

  return match?.[1] ?? null;
}

/** Finds the caller of a request, or throws the 401 of docs/public-api.md#authentication. */
async function findCaller(context: PublicApiContext, req: Request): Promise<PublicApiCaller> {
  const value = bearerToken(req);
  // The checksum is checked offline: a mistyped or invented token never reaches the store.
  if (value === null || !isWellFormedApiToken(value)) throw invalidToken();
  const found = await context.store.findToken(hashApiToken(value));
  if (found === null || found.token.revokedAt !== null || found.owner === null) {
    throw invalidToken();
  }
  const { expiresAt } = found.token;
  if (expiresAt !== null && expiresAt.getTime() <= Date.now()) {
    throw new PublicApiError('token_expired', 'API token has expired');
  }

  return { token: found.token, owner: found.owner };
}

/** The IP a request comes from (Express's `trust proxy` setting decides about proxies). */
function ipOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Authenticates `Authorization: Bearer <token>` and counts the request:
 * 1. one point of the caller's IP is taken before anything is looked up, and given back once the
 *    token proves valid — so only failures stay counted, and a flood of garbage tokens is cut
 *    off per IP before it reaches the store (429);
 * 2. the token: malformed or bad checksum (offline), unknown, revoked, owner removed → 401
 *    `invalid_token`; expired → 401 `token_expired`;
 * 3. the token's minute, hour and day windows (429 when one is exhausted);
 * 4. `touchToken`, at most once a minute per token.
 */
export function authenticateToken(context: PublicApiContext): RequestHandler {
  return async (req: Request, res: Response, next) => {
    const ip = ipOf(req);
    const ipStates = await consumeWindows([context.ipWindow], `ip:${ip}`);
    setRateLimitHeaders(res, ipStates);
    const caller = await findCaller(context, req);
    await context.ipWindow.limiter.reward(`ip:${ip}`, 1);
    const states = await consumeWindows(context.tokenWindows, `token:${caller.token.id}`);
    res.locals.caller = caller;
    res.locals.rateLimitStates = states;
    setRateLimitHeaders(res, states);
    res.setHeader('X-Token-Scopes', caller.token.scopes.join(', '));
    context.touchToken(caller.token.id);
    next();
  };
}
