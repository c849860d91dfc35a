import express, { Router } from 'express';

import { mountAcceptInvitation } from '../routes/admin/accept-invitation-route';
import { mountAdminLogs } from '../routes/admin/admin-logs-route';
import { mountAdminEnvironment } from '../routes/admin/environment-route';
import { mountEnvironments } from '../routes/admin/environments-route';
import { mountInvitations } from '../routes/admin/invitations-route';
import { mountLogin } from '../routes/admin/login-route';
import { mountMembers } from '../routes/admin/members-route';
import { mountProject } from '../routes/admin/project-route';
import { mountProjects } from '../routes/admin/projects-route';
import { mountRendering } from '../routes/admin/rendering-route';
import { mountRoleRights } from '../routes/admin/role-rights-route';
import { mountRoles } from '../routes/admin/roles-route';
import { mountSession } from '../routes/admin/session-route';
import { mountTeamMembers } from '../routes/admin/team-members-route';
import { mountTeams } from '../routes/admin/teams-route';
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
import type { PlatformContext } from '../platform-context';
import { createErrorHandler } from './middlewares/error-handler';
import { requireAdminSession } from './middlewares/require-admin-session';
import { requireEnvironment } from './middlewares/require-environment';
import { requireJsonBody } from './middlewares/require-json-body';
import { requireProjectAdmin } from './middlewares/require-project-admin';
import type { PlatformRouteMounter } from './platform-router-mounter';

/** Paths of the agent protocol: every call carries the environment's secret (spec §1.3). */
const AGENT_PATHS = ['/liana', '/forest'];

/** Routes agents call with their env secret (server-protocol.md §2, §4, §6, §9). */
const agentRoutes: readonly PlatformRouteMounter[] = [
  mountEnvironment,
  // Startup (§2.1–2.5): IP rules, schema hash check and upload; the schema read back (MCP).
  mountIpWhitelistRules,
  mountSchemaHashcheck,
  mountSchemaUpload,
  mountForestSchema,
  mountModelCustomizations,
  mountMcpServerConfigs,
  // Permissions v4 (§4.1–4.3), fetched lazily by agents.
  mountEnvironmentPermissions,
  mountUsersPermissions,
  mountRenderingPermissions,
  // Event stream (§2.6).
  mountSubscribeToEvents,
];

/** Admin API routes that need no session: they parse their own small body. */
const publicAdminRoutes: readonly PlatformRouteMounter[] = [mountLogin, mountAcceptInvitation];

/** Admin API routes of a logged-in user, whatever their projects. */
const sessionAdminRoutes: readonly PlatformRouteMounter[] = [mountSession, mountProjects];

/** Admin API routes under `/api/admin/projects/:projectId`, for the project's Admins. */
const projectAdminRoutes: readonly PlatformRouteMounter[] = [
  mountProject,
  mountEnvironments,
  mountAdminEnvironment,
  mountRendering,
  mountMembers,
  mountInvitations,
  mountTeams,
  mountTeamMembers,
  mountRoles,
  mountRoleRights,
  mountAdminLogs,
];

/** Largest admin API body (a whole rendering with its charts). */
const ADMIN_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Builds the platform's router. The order is load-bearing:
 * 1. agent protocol — the env secret is checked first, then the JSON body is parsed (an unknown
 *    caller never makes the platform read a large body);
 * 2. admin API, public part — login and invitation acceptance, each with a 16 KiB body limit;
 * 3. admin API — the session cookie (401) and, for changes, the CSRF header (403) are checked
 *    before the body is parsed (JSON only, 2 MiB); then the project routes, behind the check
 *    that the user is an Admin of `:projectId` (404 / 403);
 * 4. the 404 and error handlers last: every error is `{ errors: [{ status, code, detail }] }`.
 *
 * @example
 * ```ts
 * app.use(buildPlatformRouter(context));
 * ```
 */
export function buildPlatformRouter(context: PlatformContext, maxBodySize: number): Router {
  const router = Router();

  router.use(AGENT_PATHS, requireEnvironment(context), express.json({ limit: maxBodySize }));
  for (const mount of agentRoutes) mount(router, context);

  for (const mount of publicAdminRoutes) mount(router, context);
  router.use(
    '/api/admin',
    requireAdminSession(context),
    requireJsonBody,
    express.json({ limit: ADMIN_BODY_LIMIT }),
  );
  for (const mount of sessionAdminRoutes) mount(router, context);
  router.use('/api/admin/projects/:projectId', requireProjectAdmin(context));
  for (const mount of projectAdminRoutes) mount(router, context);

  router.use((req, res) => {
    res.status(404).json({
      errors: [
        { status: 404, code: 'NotFoundError', detail: `No route for ${req.method} ${req.path}` },
      ],
    });
  });
  router.use(createErrorHandler(context.logger));

  return router;
}
