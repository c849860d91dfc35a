import type { Router } from 'express';

import { MCP_SCOPES } from '../auth/mcp-caller';
import type { McpUrls } from './mcp-urls';

/**
 * Serves the RFC 8414 authorization-server metadata and the RFC 9728 protected-resource
 * metadata (docs/mcp.md#discovery): PKCE S256 only, public clients (`none`), registration on the
 * platform.
 *
 * @example
 * ```ts
 * mountDiscovery(router, mcpUrls(publicUrl, basePath, serverUrl));
 * ```
 */
export function mountDiscovery(router: Router, urls: McpUrls): void {
  router.get(urls.paths.authorizationServerMetadata, (_req, res) => {
    res.json({
      issuer: urls.issuer,
      authorization_endpoint: urls.authorize,
      token_endpoint: urls.token,
      registration_endpoint: urls.registration,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...MCP_SCOPES],
    });
  });
  router.get(urls.paths.protectedResourceMetadata, (_req, res) => {
    res.json({
      resource: urls.resource,
      authorization_servers: [urls.issuer],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ['header'],
    });
  });
}
