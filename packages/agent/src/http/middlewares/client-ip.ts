import type { RequestHandler, Response } from 'express';
import { resolveClientIp } from '../trusted-proxies';

/**
 * Resolves the client's address once per request (see `resolveClientIp`): `X-Forwarded-For` is
 * read only through the proxies of the `trustedProxies` option.
 *
 * @param isTrusted - See `compileTrustedProxies`.
 *
 * @example
 * ```ts
 * router.use(clientIp(compileTrustedProxies(options.trustedProxies)));
 * ```
 */
export function clientIp(isTrusted: (ip: string) => boolean): RequestHandler {
  return (request, response, next) => {
    const forwarded = request.headers['x-forwarded-for'];
    (response.locals as { clientIp?: string }).clientIp = resolveClientIp(
      request.socket.remoteAddress ?? '',
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      isTrusted,
    );
    next();
  };
}

/**
 * The client's address the `clientIp` middleware resolved (docs/agent-protocol.md#ip-whitelist,
 * through trusted proxies).
 *
 * @example
 * ```ts
 * const caller = { …, request: { ip: clientIpOf(response) } };
 * ```
 */
export function clientIpOf(response: Response): string {
  return (
    (response.locals as { clientIp?: string }).clientIp ?? response.req.socket.remoteAddress ?? ''
  );
}
