import express, { Router } from 'express';

import { mountEnvironment } from '../routes/agent/environment-route';
import { mountEnvironmentPermissions } from '../routes/agent/environment-permissions-route';
import { mountForestSchema } from '../routes/agent/forest-schema-route';
import { mountIpWhitelistRules } from '../routes/agent/ip-whitelist-rules-route';
import { mountMcpServerConfigs } from '../routes/agent/mcp-server-configs-route';
import { mountModelCustomizations } from '../routes/agent/model-customizations-route';
import { mountRenderingPermissions } from '../routes/agent/rendering-permissions-route';
import { mountSchemaHashcheck } from '../routes/agent/schema-hashcheck-route';
import { mountSchemaUpload } from '../routes/agent/schema-upload-route';
import { mountSubscribeToEvents } from '../routes/agent/subscribe-to-events-route';
import { mountUsersPermissions } from '../routes/agent/users-permissions-route';
import type { PlatformContext } from '../platform-context';
import { createErrorHandler } from './middlewares/error-handler';
import { requireEnvironment } from './middlewares/require-environment';
import type { PlatformRouteMounter } from './platform-router-mounter';

/** Paths of the agent protocol: every call carries the environment's secret (spec §1.3). */
const AGENT_PATHS = ['/liana', '/forest'];

/** Routes agents call with their env secret (server-protocol.md §2, §4, §6, §9). */
const agentRoutes: readonly PlatformRouteMounter[] = [
  mountEnvironment,
  // Startup (§2.1–2.5): IP rules, schema hash check and upload; the schema read back (MCP).
  mountIpWhitelistRules,
  mountSchemaHashcheck,
  mountSchemaUpload,
  mountForestSchema,
  mountModelCustomizations,
  mountMcpServerConfigs,
  // Permissions v4 (§4.1–4.3), fetched lazily by agents.
  mountEnvironmentPermissions,
  mountUsersPermissions,
  mountRenderingPermissions,
  // Event stream (§2.6).
  mountSubscribeToEvents,
];

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
