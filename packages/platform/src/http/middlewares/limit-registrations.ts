import type { RequestHandler } from 'express';

import type { PlatformContext } from '../../platform-context';

/** Registrations without credentials allowed per address and hour (each one stores a client). */
export const REGISTRATIONS_PER_HOUR = 30;

/**
 * Limits the registrations an address makes without credentials (the CLI's at `/oidc/reg`, MCP
 * clients' at `/oauth/register`), before any body is read: one budget per address for both
 * doors, counted by the platform's limiter (in Redis when configured). Over it: 429
 * `temporarily_unavailable` with `Retry-After`.
 *
 * @example
 * ```ts
 * router.post('/oauth/register', limitRegistrations(context), register);
 * ```
 */
export function limitRegistrations(context: PlatformContext): RequestHandler {
  const limiter = context.rateLimiter('registrations', REGISTRATIONS_PER_HOUR, 3600);

  return (req, res, next) => {
    limiter.consume(req.ip ?? '').then(
      () => next(),
      (state: { msBeforeNext?: number }) => {
        res
          .status(429)
          .set('Retry-After', String(Math.ceil((state.msBeforeNext ?? 60_000) / 1000)))
          .json({
            error: 'temporarily_unavailable',
            error_description: 'Too many registrations from this address, try again later',
          });
      },
    );
  };
}
