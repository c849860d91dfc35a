import { ForbiddenError } from '@grove/datasource-toolkit';

import type { McpScope } from '../oidc/mcp-resource';
import type { UserAccessToken, UserTokenKind } from '../oidc/user-access-tokens';

/**
 * The route families that take a user access token of the platform's OpenID provider
 * (packages/platform/SECURITY.md, "Credentials per route family").
 */
export type UserTokenRouteFamily =
  | 'hosted-agent'
  | 'user-info'
  | 'activity-logs'
  | 'approval-filing'
  | 'approval-comment'
  | 'approval-list'
  | 'approval-review';

/**
 * What a route family takes of each token kind: `false` refuses it, `true` takes it, and for an
 * MCP token the scope it must hold.
 */
export type TokenKindPolicy = Readonly<Record<Exclude<UserTokenKind, 'mcp'>, boolean>> & {
  readonly mcp: McpScope | false;
};

/**
 * Each route family's token kinds: the CLI's routes (code runs on the platform's machine) take
 * the device-flow token only, the `grove-cloud` login, never a frontend's agent-login token nor
 * an MCP token; user info, approvals and activity logs take the agent-login token of their
 * environment, and MCP tokens of their environment with the step's scope, never a device-flow
 * token; an approval is reviewed by a person, never through an MCP client. Walked cell by cell by
 * `test/security/credential-table.integration.test.ts`.
 */
export const ROUTE_TOKEN_KINDS: Readonly<Record<UserTokenRouteFamily, TokenKindPolicy>> = {
  'hosted-agent': { device: true, 'agent-login': false, mcp: false },
  'user-info': { device: false, 'agent-login': true, mcp: 'mcp:read' },
  'activity-logs': { device: false, 'agent-login': true, mcp: 'mcp:read' },
  'approval-filing': { device: false, 'agent-login': true, mcp: 'mcp:action' },
  'approval-comment': { device: false, 'agent-login': true, mcp: 'mcp:action' },
  'approval-list': { device: false, 'agent-login': true, mcp: 'mcp:read' },
  'approval-review': { device: false, 'agent-login': true, mcp: false },
};

const KIND_NAMES: Readonly<Record<UserTokenKind, string>> = {
  device: 'a device-flow (CLI) access token',
  'agent-login': "an agent's login access token",
  mcp: 'an MCP access token',
};

/**
 * Throws a 403 `ForbiddenError` unless the route family takes this kind of token, and, for an MCP
 * token, unless it holds the family's scope. Runs right after the token is verified, before any
 * other work.
 *
 * @example
 * ```ts
 * assertTokenKind(await verifyUserAccessToken(context, token), 'approval-review');
 * ```
 */
export function assertTokenKind(token: UserAccessToken, family: UserTokenRouteFamily): void {
  const policy = ROUTE_TOKEN_KINDS[family];
  const accepted = token.kind === 'mcp' ? policy.mcp : policy[token.kind];
  if (accepted === false) {
    throw new ForbiddenError(`This route does not accept ${KIND_NAMES[token.kind]}`);
  }
  if (typeof accepted === 'string' && !token.scopes.includes(accepted)) {
    throw new ForbiddenError(`This MCP access token lacks the scope ${accepted}`);
  }
}
