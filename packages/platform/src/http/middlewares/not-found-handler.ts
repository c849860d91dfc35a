import type { RequestHandler } from 'express';

import type { PlatformContext } from '../../platform-context';

/**
 * The answer to a request no route took: 404 `{ errors: [{ status, code, detail }] }`. Sandbox
 * mode keeps the test kit's shape (`Sandbox: no route for …`, detail only), logs the request at
 * `Debug` with its query string and records it in `sandbox.unhandledRequests`, so that a test
 * sees which call of its agent the platform does not know.
 *
 * @example
 * ```ts
 * router.use(createNotFoundHandler(context));
 * ```
 */
export function createNotFoundHandler(context: PlatformContext): RequestHandler {
  return (req, res) => {
    const route = `${req.method} ${req.path}`;
    if (context.sandbox) {
      context.sandbox.unhandledRequests.push(route);
      context.logger('Debug', `No route for ${req.method} ${req.originalUrl}`);
      res.status(404).json({ errors: [{ detail: `Sandbox: no route for ${route}` }] });

      return;
    }
    res.status(404).json({
      errors: [{ status: 404, code: 'NotFoundError', detail: `No route for ${route}` }],
    });
  };
}
