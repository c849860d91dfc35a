import { ValidationError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import { createPlatformClient } from '@grove/platform-client';
import { Router } from 'express';
import type { Request, Response } from 'express';

import { createAccessTokenVerifier } from './auth/create-access-token-verifier';
import { createCallerAgent } from './auth/create-caller-agent';
import { DelegationTokenCache } from './auth/delegation-token-cache';
import { isMcpPath } from './http/mcp-namespace';
import { mcpUrls } from './http/mcp-urls';
import { mountAuthorize } from './http/mount-authorize';
import { mountDiscovery } from './http/mount-discovery';
import { mountMcpEndpoint } from './http/mount-mcp-endpoint';
import { mountToken } from './http/mount-token';
import type { McpRouterOptions } from './options/mcp-router-options';
import { normalizeAllowedClients } from './options/normalize-allowed-clients';
import { normalizeBasePath } from './options/normalize-base-path';
import { normalizeEnabledTools } from './options/normalize-enabled-tools';
import { resolveTokenTtl } from './options/resolve-token-ttl';
import { agentSchemaSource } from './platform/agent-schema-source';
import { McpPlatform } from './platform/mcp-platform';
import { registerMcpTools } from './tools/register-mcp-tools';

const silent: Logger = () => undefined;

/**
 * The MCP server as an Express router (docs/mcp.md#routes): mount it with `app.use(router)` at the
 * root of the agent's origin. Every option is validated first (start-up errors), then the
 * environment is read from the platform. In order: CORS, discovery (RFC 8414, RFC 9728),
 * `/oauth/authorize` (to the platform's login), `/oauth/token` (relayed to the platform), `POST
 * /mcp` (bearer, then a fresh server and stateless transport per request), and the end of the
 * captured namespaces (405 for served paths with another method, 404 for the rest); other paths go
 * to `next()`.
 *
 * @example
 * ```ts
 * const app = express();
 * app.use(await createMcpRouter({ serverUrl, envSecret, publicUrl: 'https://agent.example.com' }));
 * ```
 */
export async function createMcpRouter(options: McpRouterOptions): Promise<Router> {
  const logger = options.logger ?? silent;
  // 1. Options: every rule fails at start-up, before any network call.
  const basePath = normalizeBasePath(options.basePath);
  const allowedOAuthClients = normalizeAllowedClients(options.allowedOAuthClients);
  const tokenTtl = resolveTokenTtl(options.tokenTtl, logger);
  const enabledTools = normalizeEnabledTools(options.enabledTools, logger);
  if (!options.envSecret) throw new ValidationError('The MCP server needs the env secret');

  // 2. The environment (its id is the tokens' audience; its agent URL the default public URL).
  const platform = new McpPlatform(options.serverUrl, options.envSecret, options.fetch);
  const environment = await platform.environment();
  const publicUrl = options.publicUrl ?? environment.apiEndpoint;
  const agentUrl = options.agentUrl ?? environment.apiEndpoint;
  if (!publicUrl || !agentUrl) {
    throw new ValidationError(
      'Could not determine the MCP server URL: the environment has no agent URL on the platform.',
    );
  }
  const path = new URL(publicUrl).pathname.replace(/\/+$/, '');
  if (basePath && path) {
    throw new ValidationError(
      `MCP basePath "${basePath}" requires the agent to be served at the domain root, but its base URL has a path ("${path}"). Remove the basePath or mount the agent at the root.`,
    );
  }
  const urls = mcpUrls(publicUrl, basePath, options.serverUrl);
  // The schema the agent published, read when a request needs it (degraded until there is one).
  const schemaOf = agentSchemaSource(platform, logger);
  // Approval requests are filed as the caller (their access token), through platform-client.
  const approvals = createPlatformClient({
    serverUrl: options.serverUrl,
    envSecret: options.envSecret,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  // Delegated tokens towards the agent, one per user (and claims), reused while fresh.
  const delegationTokens = new DelegationTokenCache(options.envSecret);

  const router = Router();
  router.use((req, res, next) => {
    if (!isMcpPath(req.path, basePath)) {
      next();

      return;
    }
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
    if (req.method === 'OPTIONS') {
      res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.set(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id',
      );
      res.status(204).end();

      return;
    }
    next();
  });
  mountDiscovery(router, urls);
  mountAuthorize(router, {
    path: urls.paths.authorize,
    platform,
    environmentId: environment.id,
    allowedOAuthClients,
  });
  mountToken(router, {
    path: urls.paths.token,
    platform,
    envSecret: options.envSecret,
    allowedOAuthClients,
    tokenTtl,
  });
  mountMcpEndpoint(router, {
    path: urls.paths.mcp,
    resourceMetadata: urls.resourceMetadata,
    verify: createAccessTokenVerifier({
      platform,
      environmentId: environment.id,
      ...(tokenTtl.accessTokenSeconds === undefined
        ? {}
        : { maxAgeSeconds: tokenTtl.accessTokenSeconds }),
    }),
    agentOf: (caller, schema) =>
      createCallerAgent(caller, {
        platform,
        delegationTokens,
        agentUrl,
        schema,
        ...(options.agentPrefix === undefined ? {} : { agentPrefix: options.agentPrefix }),
        ...(options.agentFetch === undefined ? {} : { fetch: options.agentFetch }),
      }),
    approvalsOf: caller => request =>
      approvals.postApprovalRequest(request, {
        userToken: caller.accessToken,
        renderingId: caller.renderingId,
      }),
    registerTools: options.registerTools ?? registerMcpTools,
    schemaOf,
    logger,
    ...(enabledTools === undefined ? {} : { enabledTools }),
  });

  // The end of the captured namespaces: nothing there reaches the host application.
  const allow: Record<string, string> = {
    [urls.paths.authorizationServerMetadata]: 'GET, OPTIONS',
    [urls.paths.protectedResourceMetadata]: 'GET, OPTIONS',
    [urls.paths.authorize]: 'GET, POST, OPTIONS',
    [urls.paths.token]: 'POST, OPTIONS',
    [urls.paths.mcp]: 'POST, OPTIONS',
  };
  router.use((req: Request, res: Response, next) => {
    if (!isMcpPath(req.path, basePath)) {
      next();

      return;
    }
    const methods = allow[req.path];
    if (methods) {
      res.status(405).set('Allow', methods).json({ error: 'method_not_allowed' });

      return;
    }
    res.status(404).json({ error: 'not_found', error_description: `No MCP route at ${req.path}` });
  });

  return router;
}
