/** The scopes an MCP client may ask for (docs/mcp.md#discovery). */
export const MCP_SCOPES = ['mcp:read', 'mcp:write', 'mcp:action'] as const;
/** One of {@link MCP_SCOPES}. */
export type McpScope = (typeof MCP_SCOPES)[number];
/** The client metadata marking a client registered through `POST /oauth/register`. */
export const MCP_CLIENT_METADATA = 'grove_mcp_client';

/**
 * The claim of an MCP access token naming the grant it was issued under (written by the
 * provider's `extraTokenClaims`). The token is a self-contained JWT, never stored: this claim is
 * what ties it to a grant that a password change, a removal or a demotion can end.
 */
export const MCP_GRANT_CLAIM = 'grove_grant';

const PREFIX = 'urn:grove:environment:';

/**
 * The resource indicator (RFC 8707) an MCP authorization is bound to: one per environment. The
 * provider keeps it in the code, grant and refresh token, and puts it in the access token's `aud`.
 *
 * @example
 * ```ts
 * environmentResource(3); // 'urn:grove:environment:3'
 * ```
 */
export function environmentResource(environmentId: number): string {
  return `${PREFIX}${environmentId}`;
}

/**
 * The environment id of a resource indicator made by {@link environmentResource} (the first one
 * of a list), else null.
 *
 * @example
 * ```ts
 * environmentOfResource('urn:grove:environment:3'); // 3
 * ```
 */
export function environmentOfResource(resource: unknown): number | null {
  const value = Array.isArray(resource) ? (resource.length === 1 ? resource[0] : null) : resource;
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return null;
  const id = value.slice(PREFIX.length);

  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/**
 * Splits a requested scope: space-separated, or joined with `+` as the vendor MCP server sends
 * it (docs/mcp.md#authorization: `mcp%3Aread%2Bmcp%3Awrite`).
 *
 * @example
 * ```ts
 * splitMcpScope('mcp:read+mcp:write'); // ['mcp:read', 'mcp:write']
 * ```
 */
export function splitMcpScope(scope: unknown): string[] {
  return typeof scope === 'string' ? [...new Set(scope.split(/[ +]+/).filter(Boolean))] : [];
}
