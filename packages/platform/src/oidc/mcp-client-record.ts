import { MCP_CLIENT_METADATA } from './mcp-resource';
import { MCP_SCOPE_METADATA } from './registration-policies';

/** The RFC 7591 record of an MCP client, as `POST /oauth/register` and `GET /oauth/register/:id` show it. */
export interface McpClientRecord {
  readonly client_id: string;
  readonly client_id_issued_at?: number;
  readonly client_name?: string;
  readonly client_uri?: string;
  readonly redirect_uris: readonly string[];
  readonly grant_types: readonly string[];
  readonly response_types: readonly string[];
  readonly token_endpoint_auth_method: string;
  readonly scope: string;
}

/**
 * The RFC 7591 record of a client's metadata (as the provider keeps it) when it is an MCP
 * client, else null (agents' clients, device-flow clients).
 *
 * @example
 * ```ts
 * const record = mcpClientRecord(client.metadata());
 * if (!record) return res.status(404).json({ error: 'invalid_client' });
 * ```
 */
export function mcpClientRecord(metadata: Record<string, unknown>): McpClientRecord | null {
  if (metadata[MCP_CLIENT_METADATA] !== true || typeof metadata.client_id !== 'string') return null;
  const optional = (key: string) =>
    metadata[key] === undefined ? {} : { [key]: metadata[key] as never };

  return {
    client_id: metadata.client_id,
    ...optional('client_id_issued_at'),
    ...optional('client_name'),
    ...optional('client_uri'),
    redirect_uris: (metadata.redirect_uris as string[] | undefined) ?? [],
    grant_types: (metadata.grant_types as string[] | undefined) ?? [],
    response_types: (metadata.response_types as string[] | undefined) ?? [],
    token_endpoint_auth_method: String(metadata.token_endpoint_auth_method ?? 'none'),
    scope: String(metadata[MCP_SCOPE_METADATA] ?? ''),
  };
}
