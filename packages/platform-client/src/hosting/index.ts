// The `@grove/platform-client/hosting` entry: the platform calls of the servers and tools that
// run beside an agent rather than in it — the MCP server (environment, stored schema, OAuth
// client, token relay, user info) and the grove-cloud CLI — on the same `PlatformHttp`, plus the
// one http(s) URL check.

export { getEnvironment } from './get-environment';
export type { PlatformEnvironment } from './get-environment';
export { getStoredSchema } from './get-stored-schema';
export { getOAuthClient } from './get-oauth-client';
export { relayToken } from './relay-token';
export type { RelayedToken } from './relay-token';
export { getUserInfo } from '../auth/user-info';
export type { AuthenticatedUser } from '../auth/user-info';
export { answeredStatus } from '../http/answered-status';
export { isHttpUrl, httpUrl } from '../http/is-http-url';

// The grove-cloud CLI's client of the hosted-agent routes
export { createHostedAgentClient } from './hosted-agent-client';
export type {
  HostedAgentClient,
  HostedAgentClientOptions,
  HostedDatasource,
  HostedLog,
  LogsQuery,
  PublishOutcome,
  PublishedCodeDetails,
} from './hosted-agent-client';
export { hostedFailure } from './hosted-failure';
