import type { RequestHandler } from 'express';

import { PublicApiError } from './public-api-error';

/** Any other `/v1` path: 404 in the shape of docs/public-api.md#errors (after authentication: nothing is revealed). */
export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new PublicApiError('not_found', 'No such endpoint'));
};
