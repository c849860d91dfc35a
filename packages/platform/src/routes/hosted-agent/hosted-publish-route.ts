import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import express from 'express';

import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';
import { checkBodyShape } from '../../http/check-body-shape';

/** One server-sent event frame. */
function frame(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `POST /api/hosted-agent/publish` `{ bundleId }`: deploys an uploaded bundle and answers a
 * `text/event-stream` — `progress` events (`{ message }`), then exactly one `deployed`
 * (`{ timestamp }`) or `failed` (`{ error }`), then the stream ends. A failed bundle leaves the
 * previous agent serving. 400 for a malformed body and 404 for a bundle of another environment,
 * before the stream opens.
 *
 * @example
 * ```ts
 * mountHostedPublish(router, context);
 * ```
 */
export const mountHostedPublish: PlatformRouteMounter = (router, context) => {
  router.post(
    '/api/hosted-agent/publish',
    requireHostedAgentCaller(context, { hosted: true }),
    express.json({ verify: checkBodyShape, limit: 16 * 1024 }),
    handle(async (req, res) => {
      const body: unknown = req.body;
      const bundleId =
        body && typeof body === 'object' ? (body as { bundleId?: unknown }).bundleId : undefined;
      if (typeof bundleId !== 'number' || !Number.isSafeInteger(bundleId) || bundleId < 1) {
        throw new ValidationError('bundleId is the id of an uploaded bundle');
      }
      const { environment } = hostedAgentCallerOf(res);
      const bundle = await context.db.models.HostedBundle.findOne({
        where: { id: bundleId, environmentId: environment.id },
        attributes: ['id'],
      });
      if (!bundle) throw new NotFoundError(`No bundle ${bundleId} in this environment`);

      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const send = (name: string, data: unknown) => {
        if (!res.writableEnded) res.write(frame(name, data));
      };
      // The publish goes on when the client goes away: it ends with the environment switched or not.
      const result = await context.hostedAgents.publish(environment.id, bundleId, message =>
        send('progress', { message }),
      );
      if (result.status === 'deployed') {
        send('deployed', { timestamp: result.timestamp.toISOString() });
      } else {
        send('failed', { error: result.error });
      }
      res.end();
    }),
  );
};
