import { addMember, loginBootstrapAdmin } from '../helpers/admin-client';
import { availableServers } from '../helpers/test-databases';
import type { McpWorld } from './mcp-test-setup';
import { TestOAuthProvider, connectWithOAuth, startMcpWorld } from './mcp-test-setup';

const PASSWORD = 'a member password for the MCP test';

// An MCP session ends with the user's access (an admin removed the user from the project) or
// with the platform's session (its refresh token expired): the refresh is then refused with the
// standard OAuth error.
describe.each(availableServers())('an MCP session that ended on $name', server => {
  let world: McpWorld;

  beforeAll(async () => {
    world = await startMcpWorld(server, agent => agent.mountAiMcpServer());
  });
  afterAll(() => world?.stop());

  it('refuses the refresh with invalid_grant after the user was removed from the project', async () => {
    const { platform } = world.platform.test;
    const projectId = platform.bootstrap!.project.id;
    const { models } = platform.context.db;
    const email = 'mcp-member@grove.test';
    const userId = await addMember(platform, projectId, 'Editor', email, PASSWORD);
    const team = await models.Team.findOne({ where: { projectId, name: 'Operations' } });
    await models.TeamMember.create({ teamId: team!.id, userId });

    const { client, provider } = await connectWithOAuth(
      `${world.agentUrl}/mcp`,
      { email, password: PASSWORD },
      new TestOAuthProvider(),
    );
    const listed = await client.callTool({ name: 'list', arguments: { collectionName: 'books' } });
    expect(listed.isError).toBeFalsy();
    await client.close();
    const refresh = (refreshToken: string) =>
      fetch(`${world.agentUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: provider.client!.client_id,
        }),
      });
    // While the user is a member, the session refreshes (and rotates its refresh token).
    const refreshed = await refresh(provider.saved!.refresh_token!);
    expect(refreshed.status).toBe(200);
    const { refresh_token: next } = (await refreshed.json()) as { refresh_token: string };

    const admin = await loginBootstrapAdmin(platform);
    const removed = await admin.call(
      'DELETE',
      `/api/admin/projects/${projectId}/members/${userId}`,
    );
    expect(removed.status).toBe(204);

    const refused = await refresh(next);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the refresh with invalid_grant once the platform session expired', async () => {
    const { platform } = world.platform.test;
    const { client, provider } = await connectWithOAuth(`${world.agentUrl}/mcp`, world.admin);
    await client.close();
    // The platform's refresh tokens of this login reach their end (as 14 days later).
    const { OidcPayload } = platform.context.db.models;
    const [expired] = await OidcPayload.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { model: 'RefreshToken' } },
    );
    expect(expired).toBeGreaterThan(0);

    const refused = await fetch(`${world.agentUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
