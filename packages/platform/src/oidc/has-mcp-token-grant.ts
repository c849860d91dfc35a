import type { PlatformContext } from '../platform-context';
import { oidcProvider } from './oidc-provider-registry';

/** What {@link hasMcpTokenGrant} compares with the grant. */
export interface McpTokenGrantClaims {
  readonly grantId: unknown;
  readonly accountId: string;
  readonly clientId: string;
}

/**
 * Whether the grant an MCP access token names still exists, unexpired, for the same user and
 * client (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions). False
 * for a token without the grant's id (`MCP_GRANT_CLAIM`): issued before the claim existed, it is
 * refused and the client refreshes.
 *
 * @example
 * ```ts
 * if (!(await hasMcpTokenGrant(context, { grantId: claims[MCP_GRANT_CLAIM], accountId, clientId }))) {
 *   throw unauthorized();
 * }
 * ```
 */
export async function hasMcpTokenGrant(
  context: PlatformContext,
  claims: McpTokenGrantClaims,
): Promise<boolean> {
  const { grantId, accountId, clientId } = claims;
  if (typeof grantId !== 'string' || !/^[\w-]{1,255}$/.test(grantId)) return false;
  const provider = await oidcProvider(context);
  const grant = await provider.Grant.find(grantId);

  return (
    grant !== undefined &&
    !grant.isExpired &&
    grant.accountId === accountId &&
    grant.clientId === clientId
  );
}
