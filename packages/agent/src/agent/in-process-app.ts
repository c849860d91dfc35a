import express from 'express';
import type { RequestHandler } from 'express';
import type { DispatchFunc } from 'light-my-request';

/**
 * An Express app serving `handler` at `prefix` for `light-my-request`, without touching Express's
 * shared prototypes: `light-my-request` rewires `express.request`/`express.response` (for every
 * app in the process) when it is given an Express app, so it is given a plain function instead,
 * and this app's own request/response prototypes put Express's methods over the injected
 * objects' (built once, from the first injected request).
 *
 * @example
 * ```ts
 * const dispatch = createInProcessApp('/forest', agent.handler);
 * await inject(dispatch, { url: '/forest/books' });
 * ```
 */
export function createInProcessApp(prefix: string, handler: RequestHandler): DispatchFunc {
  const app = express();
  app.disable('x-powered-by');
  app.use(prefix, handler);
  let ready = false;

  return (req, res) => {
    if (!ready) {
      const request = Object.create(Object.getPrototypeOf(req) as object) as object;
      Object.defineProperties(request, Object.getOwnPropertyDescriptors(express.request));
      const response = Object.create(Object.getPrototypeOf(res) as object) as object;
      Object.defineProperties(response, Object.getOwnPropertyDescriptors(express.response));
      const own = { configurable: true, enumerable: true, writable: true, value: app };
      app.request = Object.create(request, { app: own }) as typeof app.request;
      app.response = Object.create(response, { app: own }) as typeof app.response;
      ready = true;
    }
    app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1]);
  };
}
