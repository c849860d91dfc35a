// The public API of @grove/platform-client, written out by hand.

// Client
export { createPlatformClient } from './create-platform-client';
export type {
  PlatformClient,
  PlatformClientOptions,
  EventSubscriptionOptions,
} from './platform-client';

// HTTP and errors
export { PlatformHttp } from './http/platform-http';
export type { PlatformHttpOptions, PlatformRequest } from './http/platform-http';

// Schema and IP rules
export { checkSchemaHash, uploadSchema } from './schema/schema-calls';
export { getIpWhitelist } from './schema/ip-whitelist';
export type { IpRule, IpWhitelist } from './schema/ip-whitelist';

// Permissions
export { PermissionService } from './permissions/permission-service';
export {
  getEnvironmentPermissions,
  getUsers,
  getRenderingPermissions,
} from './permissions/permission-calls';
export { findApproverRoleIds } from './permissions/action-decision';
export type { ActionDecision, SelectionCounter } from './permissions/action-decision';
export { hashChart, chartHashKeys } from './permissions/chart-hash';
export { injectTemplates } from './permissions/scope-template';
export type { TemplateContext } from './permissions/scope-template';
export type {
  Right,
  RoleCondition,
  CollectionRight,
  CollectionPermissions,
  ActionPermissions,
  EnvironmentPermissions,
  PlatformUser,
  RenderingCollection,
  RenderingPermissions,
  PermissionUser,
} from './permissions/permission-types';

// Events
export { EventStream } from './events/event-stream';
export type { EventStreamOptions } from './events/event-stream';
export { SseParser } from './events/sse-parser';
export type { ServerSentEvent } from './events/sse-parser';

// Login
export { OidcLogin } from './auth/oidc-login';
export type { OidcMetadata, OidcClient } from './auth/oidc-login';
export type { AuthenticatedUser } from './auth/user-info';

// Tokens: HS256 session tokens, RS256 id tokens (one implementation, on jose)
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
export { signIdToken, verifyIdToken } from './auth/id-token';
export type { IdTokenExpectations, SignIdTokenOptions } from './auth/id-token';

// Activity logs
export { postActivityLog, updateActivityLogStatus } from './activity/activity-logs';
export { postApprovalRequest } from './approvals/approval-requests';
export type { ApprovalRequestAuth, ApprovalRequestInput } from './approvals/approval-requests';
export type {
  ActivityLogEntry,
  ActivityLogAuth,
  ActivityLogHandle,
} from './activity/activity-logs';
export {
  postAgentActivityLogs,
  setAgentActivityLogStatus,
  MAX_AGENT_ACTIVITY_LOGS,
} from './activity/agent-activity-logs';
export type { AgentActivityLogEntry, AgentActivitySource } from './activity/agent-activity-logs';
