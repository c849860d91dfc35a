/**
 * Every route family of the platform as path templates. A `:name` segment is filled by the
 * request builder with one of project A's real ids, project B's, a random id or a malformed one.
 */

/** The credential a route expects: what the request builder attaches for each caller. */
export type RouteAuth =
  | 'admin session'
  | 'api token'
  | 'env secret'
  | 'user token'
  | 'env secret and user token'
  | 'env secret and device token'
  | 'none';

/** One route (or a family of paths) the suite sends requests to. */
export interface RouteTemplate {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly auth: RouteAuth;
  /** The body's field names (a body is generated when present). */
  readonly fields?: readonly string[];
  /** Query parameter names the route reads. */
  readonly query?: readonly string[];
  /**
   * Would break the fixture if an allowed caller succeeded (log out, delete the project, rotate
   * the env secret, remove a member or a token): never sent by the callers allowed to write.
   */
  readonly destructive?: true;
  /** Ends the caller's own session (logging out is every signed-in caller's right): sent only by the anonymous and forged callers. */
  readonly logsOut?: true;
}

/** A group of routes, weighted by how many requests it gets. */
export interface RouteFamily {
  readonly name: string;
  readonly weight: number;
  readonly templates: readonly RouteTemplate[];
}

const project = '/api/admin/projects/:projectId';
const environment = `${project}/environments/:environmentId`;
const workflow = `${environment}/workflows/:workflowId`;
const logQuery = ['limit', 'cursor', 'from', 'to', 'action', 'userEmail', 'collection', 'format'];

const admin = (
  method: RouteTemplate['method'],
  path: string,
  fields?: readonly string[],
  extra: Partial<RouteTemplate> = {},
): RouteTemplate => ({ method, path, auth: 'admin session', fields, ...extra });

export const routeFamilies: readonly RouteFamily[] = [
  {
    name: 'admin API',
    weight: 5,
    templates: [
      admin('GET', '/api/admin/session'),
      admin('DELETE', '/api/admin/session', undefined, { destructive: true, logsOut: true }),
      admin('POST', '/api/admin/session/password', ['currentPassword', 'newPassword']),
      admin('GET', '/api/admin/projects'),
      admin('POST', '/api/admin/projects', ['name']),
      admin('GET', project),
      admin('PATCH', project, ['name']),
      admin('DELETE', project, undefined, { destructive: true }),
      admin('GET', `${project}/environments`),
      admin('POST', `${project}/environments`, ['name', 'agentUrl', 'isProduction']),
      admin('GET', environment),
      admin('PATCH', environment, ['name', 'agentUrl', 'isProduction', 'ipWhitelist']),
      admin('DELETE', environment, undefined, { destructive: true }),
      admin('POST', `${environment}/secret`, [], { destructive: true }),
      admin('GET', `${environment}/schema`),
      admin('GET', `${environment}/hosted-datasources`),
      admin('POST', `${environment}/hosted-datasources`, [
        'name',
        'connectionUri',
        'datasourceSuffix',
      ]),
      admin('DELETE', `${environment}/hosted-datasources/:datasourceId`),
      admin('GET', `${environment}/teams/:teamId/rendering`),
      admin('PUT', `${environment}/teams/:teamId/rendering`, ['collections', 'stats']),
      admin('PUT', `${environment}/teams/:teamId/rendering/collections/:collection/scope`, [
        'scope',
      ]),
      admin('PUT', `${environment}/teams/:teamId/rendering/collections/:collection/segments`, [
        'segments',
        'liveQuerySegments',
      ]),
      admin('PUT', `${environment}/teams/:teamId/rendering/stats`, ['stats']),
      admin('GET', `${project}/admin-logs`, undefined, { query: logQuery }),
      admin('GET', `${project}/admin-logs/export`, undefined, { query: logQuery }),
      admin('GET', `${environment}/activity-logs`, undefined, { query: logQuery }),
      admin('GET', `${environment}/activity-logs/export`, undefined, { query: logQuery }),
      admin('GET', `${environment}/workflows`),
      admin('POST', `${environment}/workflows`, [
        'name',
        'collectionName',
        'steps',
        'webhookEnabled',
      ]),
      admin('GET', workflow),
      admin('PATCH', workflow, ['name', 'collectionName', 'steps', 'webhookEnabled']),
      admin('DELETE', workflow),
      admin('GET', `${workflow}/runs`, undefined, { query: ['limit', 'cursor'] }),
      admin('GET', `${environment}/workflow-runs/:runId`),
      admin('GET', `${environment}/notes`, undefined, { query: ['collection', 'recordId'] }),
      admin('POST', `${environment}/notes`, ['collectionName', 'recordId', 'title', 'content']),
      admin('PATCH', `${environment}/notes/:noteId`, ['title', 'archived']),
      admin('POST', `${environment}/notes/:noteId/messages`, ['content']),
      admin('GET', `${project}/api-tokens`),
      admin('POST', `${project}/api-tokens`, ['name', 'level', 'scopes', 'expiresAt']),
      admin('DELETE', `${project}/api-tokens/:tokenId`, undefined, { destructive: true }),
      admin('GET', '/api/admin/nope'),
    ],
  },
  {
    name: 'members',
    weight: 3,
    templates: [
      admin('GET', `${project}/members`),
      admin('PATCH', `${project}/members/:userId`, ['roleId', 'permissionLevel', 'tags'], {
        destructive: true,
      }),
      admin('DELETE', `${project}/members/:userId`, undefined, { destructive: true }),
      admin('GET', `${project}/invitations`),
      admin('POST', `${project}/invitations`, ['email', 'roleId', 'teamId']),
      admin('DELETE', `${project}/invitations/:invitationId`),
      admin('GET', `${project}/teams`),
      admin('POST', `${project}/teams`, ['name']),
      admin('PATCH', `${project}/teams/:teamId`, ['name']),
      admin('DELETE', `${project}/teams/:teamId`, undefined, { destructive: true }),
      admin('POST', `${project}/teams/:teamId/members`, ['userId']),
      admin('DELETE', `${project}/teams/:teamId/members/:userId`, undefined, { destructive: true }),
      admin('GET', `${project}/roles`),
      admin('POST', `${project}/roles`, ['name']),
      admin('PATCH', `${project}/roles/:roleId`, ['name']),
      admin('DELETE', `${project}/roles/:roleId`, undefined, { destructive: true }),
      admin('PUT', `${project}/roles/:roleId/collections/:collection`, [
        'browse',
        'read',
        'edit',
        'add',
        'delete',
        'export',
      ]),
      admin('PUT', `${project}/roles/:roleId/actions/:collection/:action`, [
        'trigger',
        'approve',
        'selfApprove',
        'triggerConditions',
        'approvalConditions',
      ]),
      {
        method: 'POST',
        path: '/api/admin/invitations/:invitationToken/accept',
        auth: 'none',
        fields: ['firstName', 'lastName', 'password'],
      },
    ],
  },
  {
    name: 'login and OpenID pages',
    weight: 4,
    templates: [
      { method: 'POST', path: '/api/admin/session', auth: 'none', fields: ['email', 'password'] },
      { method: 'GET', path: '/oidc/.well-known/openid-configuration', auth: 'none' },
      { method: 'GET', path: '/oidc/jwks', auth: 'none' },
      {
        method: 'GET',
        path: '/oidc/auth',
        auth: 'none',
        query: [
          'client_id',
          'redirect_uri',
          'response_type',
          'scope',
          'state',
          'code_challenge',
          'code_challenge_method',
          'prompt',
        ],
      },
      {
        method: 'POST',
        path: '/oidc/token',
        auth: 'none',
        fields: [
          'grant_type',
          'code',
          'client_id',
          'code_verifier',
          'refresh_token',
          'redirect_uri',
        ],
      },
      {
        method: 'POST',
        path: '/oidc/reg',
        auth: 'env secret',
        fields: ['redirect_uris', 'token_endpoint_auth_method', 'client_name'],
      },
      { method: 'GET', path: '/oidc/me', auth: 'user token' },
      { method: 'POST', path: '/oidc/device/auth', auth: 'none', fields: ['client_id', 'scope'] },
      { method: 'POST', path: '/oidc/token/introspection', auth: 'none', fields: ['token'] },
      { method: 'POST', path: '/oidc/token/revocation', auth: 'none', fields: ['token'] },
      { method: 'GET', path: '/oidc/session/end', auth: 'none' },
      { method: 'GET', path: '/oidc/interaction/:uid', auth: 'none' },
      {
        method: 'POST',
        path: '/oidc/interaction/:uid/login',
        auth: 'none',
        fields: ['email', 'password'],
      },
      { method: 'POST', path: '/oidc/interaction/:uid/confirm', auth: 'none', fields: [] },
      { method: 'POST', path: '/oidc/interaction/:uid/abort', auth: 'none', fields: [] },
      {
        method: 'GET',
        path: '/liana/v2/renderings/:renderingId/authorization',
        auth: 'env secret and user token',
      },
      { method: 'GET', path: '/', auth: 'none' },
      { method: 'GET', path: '/console/', auth: 'none' },
      { method: 'GET', path: '/console/:collection', auth: 'none' },
    ],
  },
  {
    name: 'OAuth and MCP OAuth',
    weight: 3,
    templates: [
      {
        method: 'POST',
        path: '/oauth/register',
        auth: 'none',
        fields: [
          'client_name',
          'redirect_uris',
          'token_endpoint_auth_method',
          'grant_types',
          'response_types',
          'scope',
        ],
      },
      { method: 'GET', path: '/oauth/register/:clientId', auth: 'none' },
      {
        method: 'GET',
        path: '/oauth/authorize',
        auth: 'none',
        query: [
          'client_id',
          'redirect_uri',
          'response_type',
          'state',
          'code_challenge',
          'code_challenge_method',
          'scope',
          'resource',
        ],
      },
      {
        method: 'POST',
        path: '/oauth/token',
        auth: 'env secret',
        fields: [
          'grant_type',
          'code',
          'client_id',
          'code_verifier',
          'redirect_uri',
          'refresh_token',
        ],
      },
    ],
  },
  {
    name: '/v1',
    weight: 4,
    templates: [
      { method: 'GET', path: '/v1/openapi.json', auth: 'none' },
      {
        method: 'GET',
        path: '/v1/project/:projectName/environment/:environmentName/activity-logs',
        auth: 'api token',
        query: logQuery,
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/environment/:environmentName/activity-logs/export',
        auth: 'api token',
        query: logQuery,
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/admin-logs',
        auth: 'api token',
        query: logQuery,
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/admin-logs/export',
        auth: 'api token',
        query: logQuery,
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/environment/:environmentName/notes',
        auth: 'api token',
        query: ['collection', 'recordId', 'limit', 'cursor'],
      },
      {
        method: 'POST',
        path: '/v1/project/:projectName/environment/:environmentName/notes',
        auth: 'api token',
        fields: ['collectionName', 'recordId', 'title', 'content'],
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/environment/:environmentName/notes/:noteId',
        auth: 'api token',
      },
      {
        method: 'PATCH',
        path: '/v1/project/:projectName/environment/:environmentName/notes/:noteId',
        auth: 'api token',
        fields: ['title', 'archived'],
      },
      {
        method: 'POST',
        path: '/v1/project/:projectName/environment/:environmentName/notes/:noteId/messages',
        auth: 'api token',
        fields: ['content'],
      },
      {
        method: 'GET',
        path: '/v1/project/:projectName/environment/:environmentName/workflow-runs/:runId',
        auth: 'api token',
      },
      { method: 'GET', path: '/v1/nope', auth: 'api token' },
    ],
  },
  {
    name: 'agent protocol',
    weight: 4,
    templates: [
      { method: 'GET', path: '/liana/environment', auth: 'env secret' },
      { method: 'GET', path: '/liana/v1/ip-whitelist-rules', auth: 'env secret' },
      {
        method: 'POST',
        path: '/forest/apimaps/hashcheck',
        auth: 'env secret',
        fields: ['schemaFileHash'],
      },
      { method: 'POST', path: '/forest/apimaps', auth: 'env secret', fields: ['data', 'meta'] },
      { method: 'GET', path: '/liana/forest-schema', auth: 'env secret' },
      { method: 'GET', path: '/liana/model-customizations', auth: 'env secret' },
      { method: 'GET', path: '/liana/mcp-server-configs-with-details', auth: 'env secret' },
      { method: 'GET', path: '/liana/v4/permissions/environment', auth: 'env secret' },
      { method: 'GET', path: '/liana/v4/permissions/users', auth: 'env secret' },
      { method: 'GET', path: '/liana/v4/permissions/renderings/:renderingId', auth: 'env secret' },
      { method: 'GET', path: '/liana/v4/subscribe-to-events', auth: 'env secret' },
      { method: 'POST', path: '/liana/v1/activity-logs', auth: 'env secret', fields: ['logs'] },
      {
        method: 'PATCH',
        path: '/liana/v1/activity-logs/status',
        auth: 'env secret',
        fields: ['updates', 'ids', 'status'],
      },
      {
        method: 'PATCH',
        path: '/liana/v1/activity-logs/:logId/status',
        auth: 'env secret',
        fields: ['status'],
      },
      { method: 'GET', path: '/liana/nope', auth: 'env secret' },
    ],
  },
  {
    name: 'approvals',
    weight: 3,
    templates: [
      { method: 'POST', path: '/api/action-approvals', auth: 'user token', fields: ['data'] },
      {
        method: 'POST',
        path: '/api/action-approvals/:approvalId/approve',
        auth: 'user token',
        fields: ['data'],
      },
      {
        method: 'POST',
        path: '/api/action-approvals/:approvalId/reject',
        auth: 'user token',
        fields: ['data'],
      },
      {
        method: 'POST',
        path: '/api/action-approvals/:approvalId/comments',
        auth: 'user token',
        fields: ['data'],
      },
      { method: 'GET', path: '/api/projects/:projectId/action-approvals', auth: 'user token' },
      {
        method: 'POST',
        path: '/api/activity-logs-requests',
        auth: 'user token',
        fields: ['renderingId', 'action', 'collectionName', 'recordIds', 'label', 'type'],
      },
      {
        method: 'POST',
        path: '/api/activity-logs-requests/mcp',
        auth: 'user token',
        fields: ['renderingId', 'action', 'collectionName', 'recordIds'],
      },
      {
        method: 'PATCH',
        path: '/api/activity-logs-requests/:index/:logId/status',
        auth: 'user token',
        fields: ['status'],
      },
    ],
  },
  {
    name: 'hosted agents',
    weight: 2,
    templates: [
      { method: 'GET', path: '/api/hosted-agent/datasources', auth: 'env secret and device token' },
      {
        method: 'GET',
        path: '/api/hosted-agent/last-published-code-details',
        auth: 'env secret and device token',
      },
      {
        method: 'POST',
        path: '/api/hosted-agent/bundle',
        auth: 'env secret and device token',
        fields: ['zip'],
      },
      {
        method: 'POST',
        path: '/api/hosted-agent/publish',
        auth: 'env secret and device token',
        fields: ['bundleId'],
      },
      {
        method: 'GET',
        path: '/api/hosted-agent/logs',
        auth: 'env secret and device token',
        query: ['from', 'limit'],
      },
      {
        method: 'POST',
        path: '/api/hosted-agent/development-environment-for-user',
        auth: 'env secret and device token',
        fields: ['endpoint'],
      },
    ],
  },
  {
    name: 'webhooks',
    weight: 2,
    templates: [
      {
        method: 'POST',
        path: '/v1/webhooks/workflows/:signedId',
        auth: 'none',
        fields: ['recordId', 'userEmail'],
      },
      admin('GET', `${workflow}/webhook`),
      admin('POST', `${workflow}/webhook/regenerate`, []),
    ],
  },
];
