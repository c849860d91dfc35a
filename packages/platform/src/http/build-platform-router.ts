import express, { Router } from 'express';

import { mountEnvironment } from '../routes/agent/environment-route';
import { mountInteractionConsent } from '../routes/oidc/interaction-consent-route';
import { mountInteractionLogin } from '../routes/oidc/interaction-login-route';
import { mountInteractionPage } from '../routes/oidc/interaction-page-route';
import { mountOidcProvider } from '../routes/oidc/oidc-provider-route';
import { mountPublicOrigin } from '../routes/oidc/public-origin-route';
import { mountRegistrationGuard } from '../routes/oidc/registration-route';
import { mountRenderingAuthorization } from '../routes/oidc/rendering-authorization-route';
import type { PlatformContext } from '../platform-context';
import { createErrorHandler } from './middlewares/error-handler';
import { requireEnvironment } from './middlewares/require-environment';
import type { PlatformRouteMounter } from './platform-router-mounter';

/** Paths of the agent protocol: every call carries the environment's secret (spec §1.3). */
const AGENT_PATHS = ['/liana', '/forest'];

/** Routes agents call with their env secret (server-protocol.md §2, §4, §6, §9). */
const agentRoutes: readonly PlatformRouteMounter[] = [
  mountEnvironment,
  mountRenderingAuthorization,
];

/**
 * Login (server-protocol.md §3, §8.2): first the public origin (the provider builds URLs and
 * cookies from it, also inside the interaction pages); then the interaction pages and the
 * registration guard, as they sit under `/oidc` too; the OpenID provider last, as it answers
 * every other `/oidc` path.
 */
const loginRoutes: readonly PlatformRouteMounter[] = [
  mountPublicOrigin,
  mountInteractionPage,
  mountInteractionLogin,
  mountInteractionConsent,
  mountRegistrationGuard,
  mountOidcProvider,
];

/**
 * Builds the platform's router. The order is load-bearing:
 * 0. login under `/oidc` — before any body parser: the provider reads its own bodies, and the
 *    interaction forms have their own bounded urlencoded parser;
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

  for (const mount of loginRoutes) mount(router, context);
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
