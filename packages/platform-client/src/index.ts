// The public API of @grove/platform-client, written out by hand: the client and what its callers
// name (the types of its methods, the session and delegated tokens, the HTTP core the platform's
// tests use). The standalone calls behind the client's methods stay internal.

// Client
export { createPlatformClient } from './create-platform-client';
export type {
  PlatformClient,
  PlatformClientOptions,
  EventSubscriptionOptions,
} from './platform-client';

// HTTP (the agent activity-log calls also take a bare PlatformHttp)
export { PlatformHttp } from './http/platform-http';
export type { PlatformHttpOptions, PlatformRequest } from './http/platform-http';

// The HTTP server of Grove's Express applications (agent, platform, MCP server)
export { createExpressServer, expressServerOptions } from './http/create-express-server';
export type { ExpressLikeApp } from './http/create-express-server';

// Types of the client's methods
export type { IpRule, IpWhitelist } from './schema/ip-whitelist';
export type { PermissionService } from './permissions/permission-service';
export type { ActionDecision, SelectionCounter } from './permissions/action-decision';
export type {
  CollectionRight,
  ActionPermissions,
  EnvironmentPermissions,
  PlatformUser,
  RenderingPermissions,
  PermissionUser,
} from './permissions/permission-types';
export type { OidcLogin } from './auth/oidc-login';
export type { AuthenticatedUser } from './auth/user-info';
export type { ApprovalRequestAuth, ApprovalRequestInput } from './approvals/approval-requests';
export type {
  ActivityLogEntry,
  ActivityLogAuth,
  ActivityLogHandle,
} from './activity/activity-logs';

// Scopes: `{{currentUser.x}}` templates, as the permissions fill them
export { injectTemplates } from './permissions/scope-template';
export type { TemplateContext } from './permissions/scope-template';

// Tokens: the one HS256 implementation of Grove (session, delegated, approval, MCP tokens)
export { signSessionToken, verifySessionToken } from './auth/session-token';
export type {
  SessionTokenClaims,
  SignSessionTokenOptions,
  VerifySessionTokenOptions,
} from './auth/session-token';
export {
  signDelegationToken,
  verifyDelegationToken,
  isDelegationClaims,
  DELEGATION_AUDIENCE,
  DELEGATION_LIFETIME_SECONDS,
} from './auth/delegation-token';
export type { DelegationClaim, DelegationTokenOptions } from './auth/delegation-token';
export type { AgentUser } from './auth/agent-user';

// Caches of tokens (verified or signed), bounded, until their expiry
export { ExpiringCache } from './cache/expiring-cache';

// Agent activity logs (env secret)
export {
  postAgentActivityLogs,
  setAgentActivityLogStatus,
  setAgentActivityLogStatuses,
  MAX_AGENT_ACTIVITY_LOGS,
} from './activity/agent-activity-logs';
export type {
  AgentActivityLogEntry,
  AgentActivityLogStatusOutcome,
  AgentActivityLogStatusUpdate,
  AgentActivitySource,
} from './activity/agent-activity-logs';
