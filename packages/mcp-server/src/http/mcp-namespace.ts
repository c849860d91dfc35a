/**
 * Whether a pathname belongs to the MCP server's namespaces (docs/mcp.md#mounting), segment-aware:
 * without a base path `/.well-known/*`, `/oauth/*` and `/mcp[/…]`; with `/ai`:
 * `/.well-known/oauth-authorization-server/ai[/…]`, `/.well-known/oauth-protected-resource/ai[/…]`,
 * `/ai/oauth/…` and `/ai/mcp[/…]`.
 *
 * @example
 * ```ts
 * isMcpPath('/mcp-dashboard', ''); // false
 * isMcpPath('/oauth/callback', ''); // true
 * ```
 */
export function isMcpPath(pathname: string, basePath: string): boolean {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (!basePath) return under('/.well-known') || under('/oauth') || under('/mcp');

  return (
    under(`/.well-known/oauth-authorization-server${basePath}`) ||
    under(`/.well-known/oauth-protected-resource${basePath}`) ||
    under(`${basePath}/oauth`) ||
    under(`${basePath}/mcp`)
  );
}
