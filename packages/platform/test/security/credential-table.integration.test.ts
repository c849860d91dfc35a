import { randomBytes, randomUUID } from 'node:crypto';

import { signDelegationToken, signSessionToken } from '@grove/platform-client';

import { dumpPlatformTables } from '../inputs/dump-platform-tables';
import { loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { deviceFlowToken } from '../helpers/device-login';
import { mcpToken } from '../helpers/mcp-token';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { memberWithToken, renderingOf } from '../helpers/user-tokens';
import { codeFlowTokens, discover } from '../oidc/helpers/oidc-flows';
import type { TokenUser } from '../helpers/user-tokens';

/**
 * The credential kinds, in the order of the columns below (packages/platform/SECURITY.md,
 * "Credentials per route family").
 */
const KINDS = [
  'console session',
  'agent session',
  'env secret',
  'API token',
  'MCP token (mcp:read)',
  'MCP token (mcp:action)',
  'device-flow token',
  'agent-login token',
  'delegated workflow token',
] as const;
type Kind = (typeof KINDS)[number];

/** The route families, as the rows of SECURITY.md's table. */
type Family =
  | 'agent protocol'
  | 'admin API'
  | 'public API'
  | 'hosted agents (CLI)'
  | 'user info'
  | 'activity logs'
  | 'approvals: file'
  | 'approvals: comment'
  | 'approvals: list pending'
  | 'approvals: approve'
  | 'MCP OAuth'
  | 'OpenID provider';

// Each cell: the status the family answers a request carrying that kind of credential (2xx
// accepted, 401/403 refused). Columns in the order of KINDS:
//                console  agent   env     API     MCP     MCP     device  agent-  delegated
//                session  session secret  token   read    action  flow    login   workflow
const TABLE: Readonly<Record<Family, readonly number[]>> = {
  'agent protocol': [401, 401, 200, 401, 401, 401, 401, 401, 401],
  'admin API': [201, 401, 401, 401, 401, 401, 401, 401, 401],
  'public API': [401, 401, 401, 201, 401, 401, 401, 401, 401],
  'hosted agents (CLI)': [401, 401, 401, 401, 403, 403, 200, 403, 401],
  'user info': [401, 401, 401, 401, 200, 403, 403, 200, 401],
  'activity logs': [401, 401, 401, 401, 200, 403, 403, 200, 401],
  'approvals: file': [401, 401, 401, 401, 403, 201, 403, 201, 401],
  'approvals: comment': [401, 401, 401, 401, 403, 201, 403, 201, 401],
  'approvals: list pending': [401, 401, 401, 401, 200, 403, 403, 200, 401],
  'approvals: approve': [401, 401, 401, 401, 403, 403, 403, 200, 401],
  'MCP OAuth': [201, 201, 201, 201, 201, 201, 201, 201, 201],
  'OpenID provider': [200, 200, 200, 200, 200, 200, 200, 200, 200],
};

/** How a credential travels: the console's cookie, the env secret's header, or a token. */
type Credential =
  | { readonly type: 'session'; readonly cookie: string; readonly csrfToken: string }
  | { readonly type: 'secret'; readonly secret: string }
  | { readonly type: 'token'; readonly token: string };

/** One representative request of a family. */
interface FamilyRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Where a user token goes: `Authorization: Bearer` (default) or `forest-token`. */
  readonly tokenHeader?: 'authorization' | 'forest-token';
  /**
   * The family takes an env secret and a user token together: every credential but the env secret
   * itself is sent beside the environment's env secret, and the env secret goes alone.
   */
  readonly withEnvSecret?: boolean;
  /** The request writes: a refused one must leave every table as it was. */
  readonly writes: boolean;
}

describe('the credential table of SECURITY.md, cell by cell (SQLite)', () => {
  let test: TestPlatform;
  let admin: AdminClient;
  let ada: TokenUser;
  let envSecret: string;
  let rendering: number;
  let approvalId: string;
  const credentials = {} as Record<Kind, Credential>;

  const request = (family: Family): FamilyRequest => {
    const bootstrap = test.platform.bootstrap!;
    const project = encodeURIComponent(bootstrap.project.name);
    const environment = encodeURIComponent(bootstrap.environment.name);
    const approval = {
      data: {
        type: 'action-approvals',
        attributes: {
          status: null,
          action_name: 'Refund',
          collection_name: 'orders',
          record_ids: ['3'],
          inputs: [],
        },
      },
    };
    const requests: Record<Family, () => FamilyRequest> = {
      'agent protocol': () => ({
        method: 'GET',
        path: '/liana/v4/permissions/environment',
        writes: false,
      }),
      'admin API': () => ({
        method: 'POST',
        path: '/api/admin/projects',
        body: { name: `Project ${randomUUID()}` },
        writes: true,
      }),
      'public API': () => ({
        method: 'POST',
        path: `/v1/project/${project}/environment/${environment}/notes`,
        body: { collectionName: 'orders', recordId: '42', title: 'Refund', content: '<p>x</p>' },
        writes: true,
      }),
      'hosted agents (CLI)': () => ({
        method: 'POST',
        path: '/api/hosted-agent/development-environment-for-user',
        body: { endpoint: 'http://localhost:3351' },
        withEnvSecret: true,
        writes: true,
      }),
      'user info': () => ({
        method: 'GET',
        path: `/liana/v2/renderings/${rendering}/authorization`,
        tokenHeader: 'forest-token',
        withEnvSecret: true,
        writes: false,
      }),
      'activity logs': () => ({
        method: 'POST',
        path: '/api/activity-logs-requests',
        body: {
          data: {
            type: 'activity-logs-requests',
            attributes: { type: 'read', action: 'index', label: null, status: 'pending' },
            relationships: {
              rendering: { data: { id: String(rendering), type: 'renderings' } },
              collection: { data: { id: 'orders', type: 'collections' } },
            },
          },
        },
        writes: true,
      }),
      'approvals: file': () => ({
        method: 'POST',
        path: '/api/action-approvals',
        body: approval,
        headers: { 'forest-rendering-id': String(rendering) },
        writes: true,
      }),
      'approvals: comment': () => ({
        method: 'POST',
        path: `/api/action-approvals/${approvalId}/comments`,
        body: { data: { attributes: { comment: 'Checked with the customer' } } },
        writes: true,
      }),
      'approvals: list pending': () => ({
        method: 'GET',
        path: `/api/projects/${bootstrap.project.id}/action-approvals`,
        writes: false,
      }),
      'approvals: approve': () => ({
        method: 'POST',
        path: `/api/action-approvals/${approvalId}/approve`,
        writes: true,
      }),
      'MCP OAuth': () => ({
        method: 'POST',
        path: '/oauth/register',
        body: {
          client_name: 'Claude',
          redirect_uris: ['http://127.0.0.1:6274/oauth/callback'],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          scope: 'mcp:read',
        },
        writes: true,
      }),
      'OpenID provider': () => ({
        method: 'GET',
        path: '/oidc/.well-known/openid-configuration',
        writes: false,
      }),
    };

    return requests[family]();
  };

  /** Sends a family's request with one credential, placed as that family expects it. */
  async function send(family: Family, kind: Kind): Promise<{ status: number; body: string }> {
    const { method, path, body, headers = {}, tokenHeader, withEnvSecret } = request(family);
    const credential = credentials[kind];
    const sent: Record<string, string> = { ...headers };
    if (body !== undefined) sent['content-type'] = 'application/json';
    if (withEnvSecret) sent['forest-secret-key'] = envSecret;
    if (credential.type === 'session') {
      sent.cookie = credential.cookie;
      sent['x-csrf-token'] = credential.csrfToken;
    } else if (credential.type === 'secret') {
      sent['forest-secret-key'] = credential.secret;
    } else if (tokenHeader === 'forest-token') {
      sent['forest-token'] = credential.token;
    } else {
      sent.authorization = `Bearer ${credential.token}`;
    }
    const response = await fetch(`${test.platform.url}${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

    return { status: response.status, body: await response.text() };
  }

  beforeAll(async () => {
    test = await startTestPlatform(
      { name: 'SQLite', url: 'sqlite' },
      { bootstrap: { agentUrl: 'http://agent.test:3351' } },
    );
    const bootstrap = test.platform.bootstrap!;
    envSecret = bootstrap.envSecret;
    admin = await loginBootstrapAdmin(test.platform);
    const { models } = test.platform.context.db;
    const roleId = async (name: string) =>
      (await models.Role.findOne({ where: { projectId: bootstrap.project.id, name } }))!.id;
    await models.RoleActionRight.bulkCreate([
      {
        collectionName: 'orders',
        actionName: 'Refund',
        trigger: true,
        roleId: await roleId('User'),
      },
      {
        collectionName: 'orders',
        actionName: 'Refund',
        trigger: true,
        approve: true,
        roleId: await roleId('Admin'),
      },
    ]);
    rendering = await renderingOf(test.platform, 'Operations');
    // Ada, an Admin of the project in Operations, holds every user credential; a User files the
    // approval Ada comments on and approves.
    ada = await memberWithToken(test.platform, 'Admin', 'Operations', 'ada@grove.test');
    const requester = await memberWithToken(test.platform, 'User', 'Operations', 'req@grove.test');
    const filed = await fetch(`${test.platform.url}/api/action-approvals`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${requester.token}`,
        'content-type': 'application/json',
        'forest-rendering-id': String(rendering),
      },
      body: JSON.stringify(request('approvals: file').body),
    });
    expect(filed.status).toBe(201);
    approvalId = String(((await filed.json()) as { data: { id: string } }).data.id);

    const login = { email: ada.email, password: 'a long enough password' };
    const apiToken = await admin.call(
      'POST',
      `/api/admin/projects/${bootstrap.project.id}/api-tokens`,
      { name: 'credential table', level: 'read-write', scopes: ['all'] },
    );
    expect(apiToken.status).toBe(201);
    const claims = {
      id: ada.id,
      email: ada.email,
      firstName: 'Test',
      lastName: 'Admin',
      team: 'Operations',
      role: 'Admin',
      permissionLevel: 'user',
      renderingId: rendering,
      tags: {},
    };
    Object.assign(credentials, {
      'console session': { type: 'session', cookie: admin.cookie, csrfToken: admin.csrfToken },
      'agent session': {
        type: 'token',
        token: await signSessionToken(claims, {
          secret: randomBytes(32).toString('hex'),
          expiresInSeconds: 600,
        }),
      },
      'env secret': { type: 'secret', secret: envSecret },
      'API token': { type: 'token', token: String(apiToken.body.token) },
      'MCP token (mcp:read)': {
        type: 'token',
        token: await mcpToken(test.platform, login, 'mcp:read'),
      },
      'MCP token (mcp:action)': {
        type: 'token',
        token: await mcpToken(test.platform, login, 'mcp:action'),
      },
      'device-flow token': {
        type: 'token',
        token: await deviceFlowToken(test.platform.url, login),
      },
      'agent-login token': { type: 'token', token: ada.token },
      'delegated workflow token': {
        type: 'token',
        token: await signDelegationToken(
          claims,
          { source: 'webhook', workflowRunId: '1' },
          { secret: envSecret },
        ),
      },
    } satisfies Record<Kind, Credential>);
  });
  afterAll(() => test.stop());

  const cells = (Object.entries(TABLE) as [Family, readonly number[]][]).flatMap(
    ([family, statuses]) =>
      KINDS.map((kind, column) => ({ family, kind, status: statuses[column]! })),
  );

  it('has a cell for every route family and credential kind', () => {
    expect(Object.values(TABLE).map(statuses => statuses.length)).toEqual(
      Object.keys(TABLE).map(() => KINDS.length),
    );
  });

  it.each(cells)('$family × $kind → $status', async ({ family, kind, status }) => {
    const refusedWrite = status >= 400 && request(family).writes;
    const before = refusedWrite ? await dumpPlatformTables(test.platform) : undefined;

    const answer = await send(family, kind);

    expect({ status: answer.status, body: answer.body.slice(0, 300) }).toEqual({
      status,
      body: expect.any(String),
    });
    // A 403 is the family's rule on the token's kind or scope, not anything further down.
    if (status === 403) {
      expect(JSON.parse(answer.body)).toEqual({
        errors: [
          {
            status: 403,
            code: 'ForbiddenError',
            detail: expect.stringMatching(/^This (route does not accept|MCP access token lacks)/),
          },
        ],
      });
    }
    if (before) expect(await dumpPlatformTables(test.platform)).toEqual(before);
  });

  it('user info: refuses an agent-login token of another environment of the project (403)', async () => {
    const { project } = test.platform.bootstrap!;
    const staging = await admin.call('POST', `/api/admin/projects/${project.id}/environments`, {
      name: 'Staging',
      agentUrl: 'http://agent.test:3352',
    });
    expect(staging.status).toBe(201);
    const { accessToken } = await codeFlowTokens(
      await discover(test.platform.url),
      String(staging.body.data.secret),
      { email: ada.email, password: 'a long enough password' },
    );

    const answer = await fetch(
      `${test.platform.url}/liana/v2/renderings/${rendering}/authorization`,
      { headers: { 'forest-secret-key': envSecret, 'forest-token': accessToken } },
    );

    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      errors: [
        {
          status: 403,
          code: 'ForbiddenError',
          detail: 'This access token was issued for another environment',
        },
      ],
    });
  });
});
