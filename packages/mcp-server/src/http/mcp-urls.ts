/**
 * The public URLs the discovery documents advertise (docs/mcp.md#discovery, docs/mcp.md#base-path).
 */
export interface McpUrls {
  readonly issuer: string;
  readonly authorize: string;
  readonly token: string;
  readonly resource: string;
  readonly registration: string;
  /** Paths served (relative to the router). */
  readonly paths: {
    readonly authorizationServerMetadata: string;
    readonly protectedResourceMetadata: string;
    readonly authorize: string;
    readonly token: string;
    readonly mcp: string;
  };
  readonly resourceMetadata: string;
}

/**
 * The URLs of an MCP server at `publicUrl` with a normalized `basePath`: routes under the base
 * path, discovery at the origin root with the base path as suffix; the issuer keeps a trailing
 * slash only without a base path.
 *
 * @example
 * ```ts
 * mcpUrls('https://h', '/ai', 'https://platform').resource; // 'https://h/ai/mcp'
 * ```
 */
export function mcpUrls(publicUrl: string, basePath: string, platformUrl: string): McpUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const prefix = `${base}${basePath}`;
  const prmPath = `/.well-known/oauth-protected-resource${basePath}/mcp`;

  return {
    issuer: basePath ? prefix : `${prefix}/`,
    authorize: `${prefix}/oauth/authorize`,
    token: `${prefix}/oauth/token`,
    resource: `${prefix}/mcp`,
    registration: new URL('/oauth/register', platformUrl).href,
    resourceMetadata: `${origin}${prmPath}`,
    paths: {
      authorizationServerMetadata: `/.well-known/oauth-authorization-server${basePath}`,
      protectedResourceMetadata: prmPath,
      authorize: `${basePath}/oauth/authorize`,
      token: `${basePath}/oauth/token`,
      mcp: `${basePath}/mcp`,
    },
  };
}
