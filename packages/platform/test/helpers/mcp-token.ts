import type { Platform } from '../../src';
import { mcpTokens } from '../oidc/helpers/mcp-tokens';

/**
 * An MCP access token of the bootstrap environment through the real MCP OAuth flow
 * (docs/mcp.md#authorization): the whole authorization of {@link mcpTokens}, asking for `scope`,
 * keeping only the access token.
 *
 * @example
 * ```ts
 * const token = await mcpToken(platform, { email, password }, 'mcp:read');
 * ```
 */
export async function mcpToken(
  platform: Platform,
  credentials: { readonly email: string; readonly password: string },
  scope: string,
): Promise<string> {
  const { environment, envSecret } = platform.bootstrap!;
  const tokens = await mcpTokens(platform, { id: environment.id, envSecret }, credentials, scope);

  return tokens.accessToken;
}
