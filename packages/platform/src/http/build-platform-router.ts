import express, { Router } from 'express';

import { mountEnvironment } from '../routes/agent/environment-route';
import type { PlatformContext } from '../platform-context';
import { createErrorHandler } from './middlewares/error-handler';
import { requireEnvironment } from './middlewares/require-environment';
import type { PlatformRouteMounter } from './platform-router-mounter';

/** Paths of the agent protocol: every call carries the environment's secret (spec §1.3). */
const AGENT_PATHS = ['/liana', '/forest'];

/** Routes agents call with their env secret (server-protocol.md §2, §4, §6, §9). */
const agentRoutes: readonly PlatformRouteMounter[] = [mountEnvironment];

/**
 * Builds the platform's router. The order is load-bearing:
 * 1. agent protocol — the env secret is checked first, then the JSON body is parsed (an unknown
 *    caller never makes the platform read a large body);
 * 2. the 404 and error handlers last: every error is `{ errors: [{ status, code, detail }] }`.
 *
 * @example
 * ```ts
 * app.use(buildPlatformRouter(context));
 * ```
 */
export function buildPlatformRouter(context: PlatformContext, maxBodySize: number): Router {
  const router = Router();

  router.use(AGENT_PATHS, requireEnvironment(context), express.json({ limit: maxBodySize }));
  for (const mount of agentRoutes) mount(router, context);

  router.use((req, res) => {
    res.status(404).json({
      errors: [
        { status: 404, code: 'NotFoundError', detail: `No route for ${req.method} ${req.path}` },
      ],
    });
  });
  router.use(createErrorHandler(context.logger));

  return router;
}
