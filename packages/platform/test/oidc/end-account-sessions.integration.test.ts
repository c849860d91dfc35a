import { createEnvironment, createProject } from '../../src';
import type { OidcPayloadRow } from '../../src/database/models/platform-models';
import { addMember, loginAdmin, loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { callWithToken } from '../helpers/user-tokens';
import { MCP_REDIRECT, mcpAuthorizeUrl, mcpTokens, refreshMcp } from './helpers/mcp-tokens';
import type { McpTokens } from './helpers/mcp-tokens';
import { codeFlowTokens, discover, pkcePair } from './helpers/oidc-flows';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long enough password';

/** An environment the tests sign in to: its id, secret and project. */
interface TestEnvironment {
  readonly id: number;
  readonly envSecret: string;
  readonly projectId: number;
}

// A password change ends every session of the user at the OpenID provider; a removal from a
// project or an Admin's demotion ends the grants for that project's environments only
// (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions).
describe.each(availableServers())('ending OpenID sessions on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let first: TestEnvironment;
  let second: TestEnvironment;

  beforeAll(async () => {
    test = await startTestPlatform(server);
    const { db } = test.platform.context;
    const bootstrap = test.platform.bootstrap!;
    first = {
      id: bootstrap.environment.id,
      envSecret: bootstrap.envSecret,
      projectId: bootstrap.project.id,
    };
    const project = await createProject(db, null, { name: 'Other shop' });
    const { environment, envSecret } = await createEnvironment(db, null, {
      projectId: project.id,
      name: 'Production',
    });
    second = { id: environment.id, envSecret, projectId: project.id };
    admin = await loginBootstrapAdmin(test.platform);
  }, 120_000);
  afterAll(() => test.stop());

  /** A user of the first project (in its team that has a rendering), with a role. */
  async function member(email: string, roleName: string): Promise<number> {
    const { models } = test.platform.context.db;
    const id = await addMember(test.platform, first.projectId, roleName, email, PASSWORD);
    const team = await models.Team.findOne({ where: { projectId: first.projectId } });
    await models.TeamMember.create({ teamId: team!.id, userId: id });

    return id;
  }

  /** Makes a user a member of the second project too (a User in its team). */
  async function joinSecondProject(userId: number): Promise<void> {
    const { models } = test.platform.context.db;
    const role = await models.Role.findOne({
      where: { projectId: second.projectId, name: 'User' },
    });
    const team = await models.Team.findOne({ where: { projectId: second.projectId } });
    await models.ProjectMember.create({ projectId: second.projectId, userId, roleId: role!.id });
    await models.TeamMember.create({ teamId: team!.id, userId });
  }

  /** An agent login (code flow of the first environment's agent): its opaque access token. */
  async function agentLogin(email: string, password = PASSWORD): Promise<string> {
    const discovery = await discover(test.platform.url);
    const { accessToken } = await codeFlowTokens(discovery, first.envSecret, { email, password });

    return accessToken;
  }

  /** A route taking agent-login and MCP tokens: 200 while the token speaks for its user. */
  async function pendingApprovals(projectId: number, token: string): Promise<number> {
    const url = `${test.platform.url}/api/projects/${projectId}/action-approvals`;

    return (await callWithToken(url, 'GET', token)).status;
  }

  /**
   * Opens the MCP authorization of an environment again in the browser that signed in: true when
   * the provider's login session still stands (no sign-in page), false when it asks for the
   * password.
   */
  async function sessionSkipsSignIn(tokens: McpTokens, environmentId: number): Promise<boolean> {
    const { challenge } = pkcePair();
    const url = mcpAuthorizeUrl(test.platform, {
      clientId: tokens.clientId,
      environmentId,
      challenge,
      scope: 'mcp:read mcp:write mcp:action',
    });
    const page = await tokens.browser.follow(url, {}, location =>
      location.startsWith(MCP_REDIRECT),
    );
    const signIn = page.body.includes('name="password"');
    expect(
      signIn || page.location?.startsWith(MCP_REDIRECT) || page.body.includes('Allow access?'),
    ).toBe(true);

    return !signIn;
  }

  /** The models of the user's rows in `oidc_payloads`, sorted. */
  async function providerRows(userId: number): Promise<string[]> {
    const rows = await test.platform.context.db.models.OidcPayload.findAll({
      where: { accountId: String(userId) },
    });

    return rows.map(row => row.model).sort();
  }

  /** The user's grants in `oidc_payloads`: the environment each speaks for. */
  async function grantEnvironments(userId: number): Promise<number[]> {
    const { OidcPayload } = test.platform.context.db.models;
    const grants = await OidcPayload.findAll({
      where: { model: 'Grant', accountId: String(userId) },
    });
    const clients = await OidcPayload.findAll({ where: { model: 'Client' } });
    const environmentOf = (grant: OidcPayloadRow) => {
      const resource = Object.keys((grant.payload.resources as object | undefined) ?? {})[0];
      if (resource) return Number(resource.split(':').pop());
      const client = clients.find(item => item.id === grant.payload.clientId);

      return Number(client?.payload.grove_environment_id);
    };

    return grants.map(environmentOf).sort((a, b) => a - b);
  }

  it('a password change ends the provider session, every grant and token; a new sign-in works', async () => {
    const userId = await member('pat@grove.test', 'Developer');
    const otherId = await member('sam@grove.test', 'Developer');
    const mcp = await mcpTokens(test.platform, first, {
      email: 'pat@grove.test',
      password: PASSWORD,
    });
    const agentToken = await agentLogin('pat@grove.test');
    const other = await mcpTokens(test.platform, first, {
      email: 'sam@grove.test',
      password: PASSWORD,
    });
    expect(await pendingApprovals(first.projectId, mcp.accessToken)).toBe(200);
    expect(await pendingApprovals(first.projectId, agentToken)).toBe(200);
    expect(await sessionSkipsSignIn(mcp, first.id)).toBe(true);
    expect(await providerRows(userId)).toEqual(
      expect.arrayContaining(['AccessToken', 'Grant', 'RefreshToken', 'Session']),
    );

    const console = await loginAdmin(test.platform, 'pat@grove.test', PASSWORD);
    const changed = await console.call('POST', '/api/admin/session/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });

    expect(changed.status).toBe(204);
    expect(await providerRows(userId)).toEqual([]);
    const refreshed = await refreshMcp(test.platform, first.envSecret, mcp);
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await pendingApprovals(first.projectId, mcp.accessToken)).toBe(401);
    expect(await pendingApprovals(first.projectId, agentToken)).toBe(401);
    expect(await sessionSkipsSignIn(mcp, first.id)).toBe(false);
    // Another user's authorization is untouched.
    expect((await refreshMcp(test.platform, first.envSecret, other)).status).toBe(200);
    expect(await providerRows(otherId)).toContain('Grant');
    // The user signs in again with the new password: all of it works.
    const fresh = await mcpTokens(test.platform, first, {
      email: 'pat@grove.test',
      password: NEW_PASSWORD,
    });
    expect(await pendingApprovals(first.projectId, fresh.accessToken)).toBe(200);
    expect((await refreshMcp(test.platform, first.envSecret, fresh)).status).toBe(200);
    expect(
      await pendingApprovals(first.projectId, await agentLogin('pat@grove.test', NEW_PASSWORD)),
    ).toBe(200);
  });

  it("a removal from a project ends the grants for its environments; another project's stand", async () => {
    const userId = await member('rem@grove.test', 'User');
    await joinSecondProject(userId);
    const credentials = { email: 'rem@grove.test', password: PASSWORD };
    const inFirst = await mcpTokens(test.platform, first, credentials);
    const agentToken = await agentLogin('rem@grove.test');
    const inSecond = await mcpTokens(test.platform, second, credentials);
    expect(await grantEnvironments(userId)).toEqual([first.id, first.id, second.id]);
    // Tokens of the first project's environment, shown on the second project's route (the user
    // stays a member there): they still speak for the user.
    expect(await pendingApprovals(second.projectId, inFirst.accessToken)).toBe(200);
    expect(await pendingApprovals(second.projectId, agentToken)).toBe(200);

    const removed = await admin.call(
      'DELETE',
      `/api/admin/projects/${first.projectId}/members/${userId}`,
    );

    expect(removed.status).toBe(204);
    expect(await grantEnvironments(userId)).toEqual([second.id]);
    const refreshed = await refreshMcp(test.platform, first.envSecret, inFirst);
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await pendingApprovals(second.projectId, inFirst.accessToken)).toBe(401);
    expect(await pendingApprovals(second.projectId, agentToken)).toBe(401);
    // The second project's authorization (its grant, consumed code and refresh token) and the
    // provider's login sessions (one per browser that signed in) stand.
    expect(await providerRows(userId)).toEqual([
      'AuthorizationCode',
      'Grant',
      'RefreshToken',
      'Session',
      'Session',
      'Session',
    ]);
    expect(await pendingApprovals(second.projectId, inSecond.accessToken)).toBe(200);
    expect((await refreshMcp(test.platform, second.envSecret, inSecond)).status).toBe(200);
    expect(await sessionSkipsSignIn(inSecond, second.id)).toBe(true);
  });

  it("an Admin's demotion ends the grants for the project's environments; a new sign-in works", async () => {
    const userId = await member('adm@grove.test', 'Admin');
    await joinSecondProject(userId);
    const credentials = { email: 'adm@grove.test', password: PASSWORD };
    let inFirst = await mcpTokens(test.platform, first, credentials);
    const agentToken = await agentLogin('adm@grove.test');
    const inSecond = await mcpTokens(test.platform, second, credentials);
    const path = `/api/admin/projects/${first.projectId}/members/${userId}`;
    // A change that demotes no one ends nothing.
    expect((await admin.call('PATCH', path, { tags: { region: 'EU' } })).status).toBe(200);
    const stillValid = await refreshMcp(test.platform, first.envSecret, inFirst);
    expect(stillValid.status).toBe(200);
    inFirst = { ...inFirst, refreshToken: String(stillValid.body.refresh_token) };
    const { models } = test.platform.context.db;
    const developer = await models.Role.findOne({
      where: { projectId: first.projectId, name: 'Developer' },
    });

    const demoted = await admin.call('PATCH', path, { roleId: developer!.id });

    expect(demoted.status).toBe(200);
    expect(await grantEnvironments(userId)).toEqual([second.id]);
    const refreshed = await refreshMcp(test.platform, first.envSecret, inFirst);
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await pendingApprovals(first.projectId, String(stillValid.body.access_token))).toBe(401);
    expect(await pendingApprovals(first.projectId, agentToken)).toBe(401);
    expect(await pendingApprovals(second.projectId, inSecond.accessToken)).toBe(200);
    expect((await refreshMcp(test.platform, second.envSecret, inSecond)).status).toBe(200);
    // Signing in again, as the Developer they now are, works.
    const fresh = await mcpTokens(test.platform, first, credentials);
    expect(await pendingApprovals(first.projectId, fresh.accessToken)).toBe(200);
    expect(await grantEnvironments(userId)).toEqual([first.id, second.id]);
  });
});
