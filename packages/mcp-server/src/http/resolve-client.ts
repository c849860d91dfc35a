import type { Response } from 'express';

import { isAllowedClient } from '../options/normalize-allowed-clients';
import type { McpPlatform } from '../platform/mcp-platform';
import { oauthError } from './oauth-error';

/**
 * Looks up an OAuth client on the platform and applies `allowedOAuthClients`
 * (docs/mcp.md#allowed-clients): the client's record, or null after answering 400 `invalid_client`.
 *
 * @example
 * ```ts
 * const client = await resolveClient(res, platform, clientId, allowed);
 * if (!client) return;
 * ```
 */
export async function resolveClient(
  res: Response,
  platform: McpPlatform,
  clientId: string | undefined,
  allowed: readonly string[] | undefined,
): Promise<{ redirectUris: readonly string[] } | null> {
  if (!clientId) {
    oauthError(res, 400, 'invalid_request', 'client_id is required');

    return null;
  }
  const client = await platform.client(clientId);
  if (!client) {
    oauthError(res, 400, 'invalid_client', 'Invalid client_id');

    return null;
  }
  const redirectUris = Array.isArray(client.redirect_uris) ? client.redirect_uris : [];
  if (allowed && !isAllowedClient(redirectUris, allowed)) {
    oauthError(
      res,
      400,
      'invalid_client',
      'This MCP server only accepts approved client applications. Contact your Grove administrator.',
    );

    return null;
  }

  return { redirectUris: redirectUris.filter((uri): uri is string => typeof uri === 'string') };
}
