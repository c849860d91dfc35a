import { GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler } from 'express';

/**
 * Refuses a request that carries a body which is not declared `application/json` (400): the
 * admin API reads JSON only, and a cross-site form cannot send that type without a preflight.
 *
 * @example
 * ```ts
 * router.use('/api/admin', requireJsonBody, express.json({ limit: '1mb' }));
 * ```
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
  if (hasBody && !req.is('application/json')) {
    next(
      new GroveError('BadRequestError', 'The body must be JSON (content-type: application/json)'),
    );

    return;
  }
  next();
};
