import type { Response } from 'express';

import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/** Event names as agents know them; anything else (a line break...) could forge SSE fields. */
const EVENT_NAME = /^[a-z][a-z-]{0,63}$/;

/** The SSE frame of one event; `data` is never empty (agents parse it as JSON). */
function frame(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data ?? {})}\n\n`;
}

/**
 * `GET /liana/v4/subscribe-to-events` (docs/platform-protocol.md#event-stream): the environment's
 * event stream. It sends a heartbeat at once and every `context.heartbeatIntervalMs`, then forwards
 * the events of the bus (`context.events`) published for this environment only. A client that
 * disconnects removes its bus listener and timer; the platform's close ends every open stream.
 * Never a 404: the vendor agent crashes on one (an unknown secret is a 401 from
 * `requireEnvironment`).
 *
 * @example
 * ```ts
 * mountSubscribeToEvents(router, context);
 * await context.events.publish({ environmentId: 1, name: 'refresh-roles', data: {} });
 * ```
 */
export const mountSubscribeToEvents: PlatformRouteMounter = (router, context) => {
  const streams = new Set<() => void>();
  context.onClose(() => {
    for (const end of [...streams]) end();
  });

  router.get('/liana/v4/subscribe-to-events', (req, res: Response) => {
    const environmentId = environmentOf(res).id;
    res.writeHead(200, {
      // No charset parameter: an event stream is always UTF-8, and some clients compare the type.
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx buffers responses unless told not to; a buffered stream loses its heartbeats.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    const send = (name: string, data: unknown) => {
      if (!res.writableEnded) res.write(frame(name, data));
    };

    const unsubscribe = context.events.subscribe(event => {
      if (event.environmentId === environmentId && EVENT_NAME.test(event.name)) {
        send(event.name, event.data);
      }
    });
    const heartbeat = setInterval(() => send('heartbeat', {}), context.heartbeatIntervalMs);
    const end = () => {
      if (!streams.delete(end)) return;
      context.streams.closed(environmentId);
      clearInterval(heartbeat);
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    context.streams.opened(environmentId);
    // `close` fires for a client that goes away and after our own `end()`.
    res.on('close', end);
    send('heartbeat', {});
  });
};
