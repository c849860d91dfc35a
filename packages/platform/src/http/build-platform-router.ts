import { createPublicApiRouter } from '@grove/public-api';
import express, { Router } from 'express';

import { mountAcceptInvitation } from '../routes/admin/accept-invitation-route';
import { mountConsole } from '../routes/console/console-route';
import { mountActivityLogs } from '../routes/admin/activity-logs-route';
import { mountActivityLogsExport } from '../routes/admin/activity-logs-export-route';
import { mountAdminLogs } from '../routes/admin/admin-logs-route';
import { mountAdminLogsExport } from '../routes/admin/admin-logs-export-route';
import { mountApiTokens } from '../routes/admin/api-tokens-route';
import { mountAdminEnvironment } from '../routes/admin/environment-route';
import { mountEnvironmentSchema } from '../routes/admin/environment-schema-route';
import { mountEnvironments } from '../routes/admin/environments-route';
import { mountHostedDatasourcesAdmin } from '../routes/admin/hosted-datasources-route';
import { mountInvitations } from '../routes/admin/invitations-route';
import { mountLogin } from '../routes/admin/login-route';
import { mountMembers } from '../routes/admin/members-route';
import { mountNote } from '../routes/admin/note-route';
import { mountNoteMessages } from '../routes/admin/note-messages-route';
import { mountNotes } from '../routes/admin/notes-route';
import { mountPassword } from '../routes/admin/password-route';
import { mountProject } from '../routes/admin/project-route';
import { mountProjects } from '../routes/admin/projects-route';
import { mountRendering } from '../routes/admin/rendering-route';
import { mountRoleRights } from '../routes/admin/role-rights-route';
import { mountRoles } from '../routes/admin/roles-route';
import { mountSession } from '../routes/admin/session-route';
import { mountTeamMembers } from '../routes/admin/team-members-route';
import { mountTeams } from '../routes/admin/teams-route';
import { mountWorkflow } from '../routes/admin/workflow-route';
import { mountWorkflowRun } from '../routes/admin/workflow-run-route';
import { mountWorkflowRuns } from '../routes/admin/workflow-runs-route';
import { mountWorkflowWebhook } from '../routes/admin/workflow-webhook-route';
import { mountWorkflows } from '../routes/admin/workflows-route';
import { mountAgentActivityLogStatus } from '../routes/agent/agent-activity-log-status-route';
import { mountAgentActivityLogStatuses } from '../routes/agent/agent-activity-log-statuses-route';
import { mountAgentActivityLogs } from '../routes/agent/agent-activity-logs-route';
import { mountEnvironment } from '../routes/agent/environment-route';
import { mountEnvironmentPermissions } from '../routes/agent/environment-permissions-route';
import { mountForestSchema } from '../routes/agent/forest-schema-route';
import { mountIpWhitelistRules } from '../routes/agent/ip-whitelist-rules-route';
import { mountMcpServerConfigs } from '../routes/agent/mcp-server-configs-route';
import { mountModelCustomizations } from '../routes/agent/model-customizations-route';
import { mountRenderingPermissions } from '../routes/agent/rendering-permissions-route';
import { mountSchemaHashcheck } from '../routes/agent/schema-hashcheck-route';
import { mountSchemaUpload } from '../routes/agent/schema-upload-route';
import { mountSubscribeToEvents } from '../routes/agent/subscribe-to-events-route';
import { mountUsersPermissions } from '../routes/agent/users-permissions-route';
import { mountActivityLogStatus } from '../routes/activity-logs/activity-log-status-route';
import { mountCreateActivityLog } from '../routes/activity-logs/create-activity-log-route';
import { standardActivityLogHooks } from '../routes/activity-logs/standard-activity-log-hooks';
import { mountApprovalComment } from '../routes/approvals/approval-comment-route';
import { mountCreateApproval } from '../routes/approvals/create-approval-route';
import { mountPendingApprovals } from '../routes/approvals/pending-approvals-route';
import { mountReviewApproval } from '../routes/approvals/review-approval-route';

import { mountDevelopmentEnvironmentForUser } from '../routes/hosted-agent/development-environment-for-user-route';
import { mountHostedBundle } from '../routes/hosted-agent/hosted-bundle-route';
import { mountHostedDatasources } from '../routes/hosted-agent/hosted-datasources-route';
import { mountHostedLogs } from '../routes/hosted-agent/hosted-logs-route';
import { mountHostedPublish } from '../routes/hosted-agent/hosted-publish-route';
import { mountLastPublishedCodeDetails } from '../routes/hosted-agent/last-published-code-details-route';
import { mountMcpAuthorize } from '../routes/mcp-oauth/mcp-authorize-route';
import { mountMcpClient } from '../routes/mcp-oauth/mcp-client-route';
import { mountMcpRegister } from '../routes/mcp-oauth/mcp-register-route';
import { mountMcpToken } from '../routes/mcp-oauth/mcp-token-route';
import { mountAgentSchema } from '../routes/sandbox/agent-schema-route';
import { mountPermissionOverride } from '../routes/sandbox/permission-override-route';
import { mountInteractionConsent } from '../routes/oidc/interaction-consent-route';
import { mountInteractionLogin } from '../routes/oidc/interaction-login-route';
import { mountInteractionPage } from '../routes/oidc/interaction-page-route';
import { mountOidcProvider } from '../routes/oidc/oidc-provider-route';
import { mountPublicOrigin } from '../routes/oidc/public-origin-route';
import { mountRegistrationGuard } from '../routes/oidc/registration-route';
import { mountRenderingAuthorization } from '../routes/oidc/rendering-authorization-route';
import type { PlatformContext } from '../platform-context';
import { createPlatformPublicApiStore } from '../public-api/create-platform-public-api-store';
import { provisionSandboxEnvironment } from '../sandbox/provision-sandbox-environment';
import { sandboxActivityLogHooks } from '../sandbox/sandbox-activity-log-hooks';
import { createErrorHandler } from './middlewares/error-handler';
import { createNotFoundHandler } from './middlewares/not-found-handler';
import { requireAdminSession } from './middlewares/require-admin-session';
import { requireChosenPassword } from './middlewares/require-chosen-password';
import { requireEnvironment } from './middlewares/require-environment';
import { requireJsonBody } from './middlewares/require-json-body';
import { requireProjectAdmin } from './middlewares/require-project-admin';
import type { PlatformRouteMounter } from './platform-router-mounter';
import { checkBodyShape } from './check-body-shape';

/**
 * Paths of the agent protocol: every call carries the environment's secret
 * (docs/platform-protocol.md#identification).
 */
const AGENT_PATHS = ['/liana', '/forest'];

/**
 * Routes agents call with their env secret (docs/platform-protocol.md#startup,
 * docs/platform-protocol.md#permissions, docs/platform-protocol.md#customizations-and-mcp-configs,
 * docs/platform-protocol.md#environment-lookup).
 */
const agentRoutes: readonly PlatformRouteMounter[] = [
  mountEnvironment,
  // Startup (docs/platform-protocol.md#startup): IP rules, schema hash check and upload; the schema
  // read back (MCP).
  mountIpWhitelistRules,
  mountSchemaHashcheck,
  mountSchemaUpload,
  mountForestSchema,
  mountModelCustomizations,
  mountMcpServerConfigs,
  // Permissions v4 (docs/platform-protocol.md#permissions), fetched lazily by agents.
  mountEnvironmentPermissions,
  mountUsersPermissions,
  mountRenderingPermissions,
  // Event stream (docs/platform-protocol.md#event-stream).
  mountSubscribeToEvents,
  // Activity logs of every agent operation (Grove's addition,
  // docs/platform-protocol.md#agent-activity-logs), under their own body limit.
  mountAgentActivityLogs,
  mountAgentActivityLogStatuses,
  mountAgentActivityLogStatus,
];

/** Largest body of `POST /liana/v1/activity-logs` (500 entries). */
const ACTIVITY_LOGS_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The user info of a login (docs/platform-protocol.md#user-info): env secret and the user's access
 * token.
 */
const userInfoRoutes: readonly PlatformRouteMounter[] = [mountRenderingAuthorization];

/**
 * Login (docs/platform-protocol.md#login, docs/platform-protocol.md#cli-login): first the public
 * origin (the provider builds URLs and cookies from it, also inside the interaction pages); then
 * the interaction pages and the registration guard, as they sit under `/oidc` too; the OpenID
 * provider last, as it answers every other `/oidc` path.
 */
const loginRoutes: readonly PlatformRouteMounter[] = [
  mountPublicOrigin,
  mountInteractionPage,
  mountInteractionLogin,
  mountInteractionConsent,
  mountRegistrationGuard,
  mountOidcProvider,
];

/**
 * Standard mode: the routes users call with `Authorization: Bearer <user access token>`
 * (docs/platform-protocol.md#approvals, docs/platform-protocol.md#activity-logs,
 * docs/platform-protocol.md#environment-lookup). Each checks the token (401), and the rendering or
 * project it names, before it reads its own small body.
 */
function userRoutes(context: PlatformContext): readonly PlatformRouteMounter[] {
  const hooks = standardActivityLogHooks(context);

  return [
    mountCreateActivityLog(hooks),
    mountActivityLogStatus(hooks),
    mountCreateApproval,
    mountApprovalComment,
    mountReviewApproval,
    mountPendingApprovals,
  ];
}

/**
 * The MCP OAuth surface (docs/mcp.md#platform-calls, docs/mcp.md#oauth) over the same provider:
 * registration of MCP clients and their records (no auth), the authorization page (the "app URL"),
 * the token exchange (env secret checked before the body is read). Each parses its own bounded
 * body.
 */
const mcpOAuthRoutes: readonly PlatformRouteMounter[] = [
  mountMcpRegister,
  mountMcpClient,
  mountMcpAuthorize,
  mountMcpToken,
];

/**
 * Standard mode: the `grove-cloud` CLI's routes (`/api/hosted-agent/…`). Each checks, before any
 * body is read, the env secret (401), the Bearer user access token (401), that the user is an
 * Admin or a Developer of the project (403) and, except the development environment, that the
 * environment is hosted (404). Then each reads its own body: 16 KiB of JSON, or the bundle's raw
 * zip (20 MiB, 413 above). Publish answers a server-sent event stream.
 */
const hostedAgentRoutes: readonly PlatformRouteMounter[] = [
  mountHostedDatasources,
  mountLastPublishedCodeDetails,
  mountHostedBundle,
  mountHostedPublish,
  mountHostedLogs,
  mountDevelopmentEnvironmentForUser,
];

/** Paths of the test kit's channel (sandbox mode), called with the env secret like agent paths. */
const TEST_KIT_PATHS = ['/agent-schema', '/permission-override'];

/**
 * Sandbox mode only: the test kit's routes (env secret), then activity logs with the sandbox's
 * permissive hooks (no user token needed).
 */
function sandboxRoutes(context: PlatformContext): readonly PlatformRouteMounter[] {
  const hooks = sandboxActivityLogHooks(context);

  return [
    mountAgentSchema,
    mountPermissionOverride,
    mountCreateActivityLog(hooks),
    mountActivityLogStatus(hooks),
  ];
}

/** Admin API routes that need no session: they parse their own small body. */
const publicAdminRoutes: readonly PlatformRouteMounter[] = [mountLogin, mountAcceptInvitation];

/** Admin API routes of a logged-in user, whatever their projects. */
const sessionAdminRoutes: readonly PlatformRouteMounter[] = [
  mountSession,
  mountPassword,
  mountProjects,
];

/** Admin API routes under `/api/admin/projects/:projectId`, for the project's Admins. */
const projectAdminRoutes: readonly PlatformRouteMounter[] = [
  mountProject,
  mountEnvironments,
  mountAdminEnvironment,
  mountEnvironmentSchema,
  // The data sources of an environment the platform hosts (connection URIs encrypted).
  mountHostedDatasourcesAdmin,
  mountRendering,
  mountMembers,
  mountInvitations,
  mountTeams,
  mountTeamMembers,
  mountRoles,
  mountRoleRights,
  mountAdminLogs,
  // Logs for the console: filters, keyset pages, CSV / NDJSON exports.
  mountAdminLogsExport,
  mountActivityLogs,
  mountActivityLogsExport,
  // Workflows of an environment, their webhook URL, and their runs' status.
  mountWorkflows,
  mountWorkflow,
  mountWorkflowWebhook,
  mountWorkflowRun,
  mountWorkflowRuns,
  // Notes on the records of an environment (the public API's notes, as the console's user).
  mountNotes,
  mountNote,
  mountNoteMessages,
  mountApiTokens,
];

/**
 * The public API (`/v1`, package `@grove/public-api`) over the platform's data: API tokens,
 * scopes and rate limits (in Redis per deployment when configured), activity and admin logs,
 * notes, the workflow webhook. It reads its own bounded bodies after its checks.
 */
function publicApiRouter(context: PlatformContext): Router {
  return createPublicApiRouter({
    store: createPlatformPublicApiStore(context),
    rateLimiter: context.rateLimiter,
    rateLimits: context.publicApiRateLimits,
    webhookKey: context.webhookKey,
    publicUrl: context.publicUrl,
    logger: context.logger,
  });
}

/** Largest admin API body (a whole rendering with its charts). */
const ADMIN_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Builds the platform's router. The order is load-bearing:
 * 0. login under `/oidc` (both modes: the sandbox logs users in through the same provider) —
 *    before any body parser: the provider's mounter bounds its bodies before the provider reads
 *    them, and the interaction forms have their own bounded urlencoded parser; then the MCP OAuth routes under `/oauth` (standard
 *    mode only), which parse their own bounded bodies; then the public API under `/v1`
 *    (standard mode only): token, rate limits and rights before it reads its own bounded bodies;
 *    then the console under `/console/` (standard mode only; static files, `/` leads there);
 * 1. agent protocol — the env secret is checked first, then the JSON body is parsed (an unknown
 *    caller never makes the platform read a large body; agents' activity logs have their own
 *    4 MiB limit). In sandbox mode an unknown env secret provisions its environment there, the
 *    test-kit paths are checked the same way, and the sandbox-only routes follow (each resolves its caller before reading its small body);
 *    in standard mode the user routes follow (activity logs, approvals): each checks the Bearer
 *    user access token, then the rendering or project, before reading its small body; then the
 *    `grove-cloud` CLI's routes under `/api/hosted-agent` (standard mode only): env secret, user
 *    token, role and hosted environment checked before each reads its own bounded body (the
 *    bundle's raw zip: 20 MiB);
 * 2. admin API, public part — login and invitation acceptance, each with a 16 KiB body limit;
 * 3. admin API — the session cookie (401) and, for changes, the CSRF header (403) are checked,
 *    then a user on a one-time password is held to changing it (403), before the body is
 *    parsed (JSON only, 2 MiB); then the project routes, behind the check that the user is an
 *    Admin of `:projectId` (404 / 403);
 * 4. the 404 and error handlers last: every error is `{ errors: [{ status, code, detail }] }`
 *    (`{ errors: [{ detail }] }` in sandbox mode, the test kit's shape).
 *
 * @example
 * ```ts
 * app.use(buildPlatformRouter(context));
 * ```
 */
export function buildPlatformRouter(context: PlatformContext, maxBodySize: number): Router {
  const router = Router();

  const sandbox = context.mode === 'sandbox';
  const environment = requireEnvironment(
    context,
    sandbox ? secret => provisionSandboxEnvironment(context, secret) : undefined,
  );
  // Login is the same provider in both modes; the MCP OAuth surface is the real platform's.
  for (const mount of sandbox ? loginRoutes : [...loginRoutes, ...mcpOAuthRoutes]) {
    mount(router, context);
  }
  if (!sandbox) router.use(publicApiRouter(context));
  // The console (standard mode): static files and the app's page, no body, no session here.
  if (!sandbox) mountConsole(router, context);
  const paths = sandbox ? [...AGENT_PATHS, ...TEST_KIT_PATHS] : AGENT_PATHS;
  const agentJson = express.json({ verify: checkBodyShape, limit: maxBodySize });
  const activityLogsJson = express.json({
    verify: checkBodyShape,
    limit: ACTIVITY_LOGS_BODY_LIMIT,
  });
  router.use(paths, environment, (req, res, next) =>
    // Paths are relative to the mount point here (`/liana`).
    req.path.startsWith('/v1/activity-logs')
      ? activityLogsJson(req, res, next)
      : agentJson(req, res, next),
  );
  for (const mount of [...agentRoutes, ...userInfoRoutes]) mount(router, context);
  for (const mount of sandbox ? sandboxRoutes(context) : userRoutes(context)) {
    mount(router, context);
  }
  if (!sandbox) for (const mount of hostedAgentRoutes) mount(router, context);

  for (const mount of publicAdminRoutes) mount(router, context);
  router.use(
    '/api/admin',
    requireAdminSession(context),
    // Right after the session: a user still on a one-time password may only read the session,
    // log out or change the password (403 otherwise, before any body is read).
    requireChosenPassword,
    requireJsonBody,
    express.json({ verify: checkBodyShape, limit: ADMIN_BODY_LIMIT }),
  );
  for (const mount of sessionAdminRoutes) mount(router, context);
  router.use('/api/admin/projects/:projectId', requireProjectAdmin(context));
  for (const mount of projectAdminRoutes) mount(router, context);

  router.use(createNotFoundHandler(context));
  router.use(createErrorHandler(context.logger, context.mode));

  return router;
}
