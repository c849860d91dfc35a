import { Router } from 'express';

import { authenticateToken } from './http/authenticate-token';
import { createErrorHandler } from './http/error-handler';
import { notFoundHandler } from './http/not-found-handler';
import type { PublicApiRouteMounter } from './http/public-api-route-mounter';
import { assignRequestId } from './http/request-id';
import { createPublicApiContext } from './public-api-context';
import type { PublicApiOptions } from './public-api-options';
import { mountActivityLogsExport } from './routes/activity-logs-export-route';
import { mountActivityLogs } from './routes/activity-logs-route';
import { mountAdminLogsExport } from './routes/admin-logs-export-route';
import { mountAdminLogs } from './routes/admin-logs-route';
import { mountCreateNoteMessage } from './routes/create-note-message-route';
import { mountCreateNote } from './routes/create-note-route';
import { mountNote } from './routes/note-route';
import { mountNotes } from './routes/notes-route';
import { mountOpenApi } from './routes/openapi-route';
import { mountUpdateNote } from './routes/update-note-route';
import { mountWorkflowRun } from './routes/workflow-run-route';
import { mountWorkflowWebhook } from './routes/workflow-webhook-route';

/** Routes of a token: each checks project (404), then scope/level (403), then its input (400). */
const tokenRoutes: readonly PublicApiRouteMounter[] = [
  // Logs (read-only; the export paths are distinct, so their order does not matter).
  mountActivityLogs,
  mountActivityLogsExport,
  mountAdminLogs,
  mountAdminLogsExport,
  // Notes: reads, then writes (each reads its own bounded JSON body after the checks).
  mountNotes,
  mountNote,
  mountCreateNote,
  mountUpdateNote,
  mountCreateNoteMessage,
  // Workflows: the signed webhook URL and the status of the runs it starts.
  mountWorkflowWebhook,
  mountWorkflowRun,
];

/**
 * Builds the public `/v1` router (mount it at the root of the app). The order is load-bearing:
 * 1. `X-Request-Id` on every response, errors included;
 * 2. `GET /v1/openapi.json`, the one route without a token (limited per IP);
 * 3. the token (401) and rate limits (429) for every other `/v1` path — before any route looks
 *    at its input, so an unknown caller never makes the API parse a query or read a body, and
 *    garbage tokens are limited per IP before they reach the store;
 * 4. the routes;
 * 5. 404 and the error handler, for `/v1` paths only: other paths fall through to the app.
 *
 * @example
 * ```ts
 * app.use(
 *   createPublicApiRouter({
 *     store,
 *     rateLimiter: (keyPrefix, points, duration) =>
 *       new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration }),
 *     webhookKey,
 *     publicUrl: 'https://grove.example.com',
 *   }),
 * );
 * ```
 */
export function createPublicApiRouter(options: PublicApiOptions): Router {
  const context = createPublicApiContext(options);
  const router = Router();

  router.use('/v1', assignRequestId);
  mountOpenApi(router, context);
  router.use('/v1', authenticateToken(context));
  for (const mount of tokenRoutes) mount(router, context);
  router.use('/v1', notFoundHandler);
  router.use('/v1', createErrorHandler(options.logger));

  return router;
}
