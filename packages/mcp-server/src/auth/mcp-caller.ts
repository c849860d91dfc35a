/** The scopes of an MCP access token (docs/mcp.md#scopes): reads, writes, actions. */
export const MCP_SCOPES = ['mcp:read', 'mcp:write', 'mcp:action'] as const;

/** One MCP scope. */
export type McpScope = (typeof MCP_SCOPES)[number];

/**
 * Who calls a tool: the user an MCP access token (the platform's RS256 JWT for this environment)
 * speaks for, once verified.
 */
export interface McpCaller {
  readonly userId: number;
  readonly email: string;
  /** The user's rendering in the environment (from the token's `meta.renderingId`). */
  readonly renderingId: number;
  readonly environmentId: number;
  readonly scopes: readonly McpScope[];
  /** The access token itself (the platform accepts it for user info). */
  readonly accessToken: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
}

/**
 * Verifies an access token presented at `/mcp` (signature by the platform's JWKS, audience the
 * environment, expiry, type): the caller, or a rejection: a `ForbiddenError` (by its `code`) for
 * a token without `mcp:read` becomes a 403 `insufficient_scope`, anything else a 401
 * `invalid_token`.
 */
export type McpAccessTokenVerifier = (token: string) => Promise<McpCaller>;
