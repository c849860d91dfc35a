import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { mcpClientRecord } from '../../oidc/mcp-client-record';
import { oidcProvider } from '../../oidc/oidc-provider-registry';

/**
 * `GET /oauth/register/:clientId` (no auth, docs/mcp.md#platform-calls): the RFC 7591 record of an
 * MCP client, which the MCP server reads to check `redirect_uri`s. 404 for an unknown id and for
 * clients that are not MCP clients (agents', the CLI's).
 *
 * @example
 * ```ts
 * mountMcpClient(router, context);
 * ```
 */
export const mountMcpClient: PlatformRouteMounter = (router, context) => {
  router.get(
    '/oauth/register/:clientId',
    handle(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const clientId = String(req.params.clientId);
      const provider = await oidcProvider(context);
      const client = /^[\w-]{1,128}$/.test(clientId)
        ? await provider.Client.find(clientId)
        : undefined;
      const record = client ? mcpClientRecord(client.metadata()) : null;
      if (!record) {
        res.status(404).json({ error: 'invalid_client', error_description: 'Unknown client' });

        return;
      }
      res.json(record);
    }),
  );
};
