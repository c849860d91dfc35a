import { Router } from 'express';
import { envSecretOf, requireEnvSecret, type SandboxContext } from '../sandbox-context';

/**
 * `GET /liana/v4/subscribe-to-events`: a server-sent-event stream kept open until the sandbox
 * closes, with heartbeats. Never a 404 here: the vendor agent crashes on it.
 *
 * @example
 * ```ts
 * app.use(eventStreamRoute(context));
 * ```
 */
export function eventStreamRoute(context: SandboxContext): Router {
  const router = Router();

  router.get('/liana/v4/subscribe-to-events', requireEnvSecret, (req, res) => {
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    context.hub.open(envSecretOf(res), res);
    context.logger('Debug', 'Event stream opened');
  });

  return router;
}
