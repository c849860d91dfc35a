import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Wraps an async Express handler so that its rejection reaches the error middleware.
 *
 * @example
 * ```ts
 * router.get('/liana/environment', handle(async (req, res) => { res.json(await load()); }));
 * ```
 */
export function handle(
  handler: (req: Request, res: Response, next: NextFunction) => Promise<void>,
): RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}
