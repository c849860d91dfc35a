import { jwtVerify } from 'jose';

import { hashPassword } from '../../src';
import { startBooksAgent } from '../helpers/books-agent';
import type { BooksAgent } from '../helpers/books-agent';
import { availableServers } from '../helpers/test-databases';
import { loginInBrowser } from './helpers/oidc-flows';
import { startLoginPlatform } from './helpers/start-login-platform';
import type { LoginTestPlatform } from './helpers/start-login-platform';

const AUTH_SECRET = 'an-agent-auth-secret-of-32-chars!!';

describe.each(availableServers())(
  "Grove's agent logs a user in through the platform on $name",
  server => {
    let platform: LoginTestPlatform;
    let agent: BooksAgent;
    let agentUrl: string;
    let renderingId: number;
    let admin: { email: string; password: string };

    beforeAll(async () => {
      platform = await startLoginPlatform(server);
      const bootstrap = platform.test.platform.bootstrap!;
      admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
      agent = await startBooksAgent({
        serverUrl: platform.url,
        envSecret: bootstrap.envSecret,
        authSecret: AUTH_SECRET,
        skipSchemaUpdate: true,
      });
      agentUrl = agent.url;
      const { models } = platform.test.platform.context.db;
      // The environment's agent URL is where its agent really listens (the callback's origin).
      await models.Environment.update({ agentUrl }, { where: { id: bootstrap.environment.id } });
      const rendering = await models.Rendering.findOne({
        where: { environmentId: bootstrap.environment.id },
      });
      renderingId = rendering!.id;
    });
    afterAll(async () => {
      await agent?.stop();
      await platform?.stop();
    });

    async function loginThroughAgent(credentials: { email: string; password: string }) {
      const start = await fetch(`${agentUrl}/forest/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ renderingId }),
      });
      expect(start.status).toBe(200);
      const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
      const callbackUrl = `${agentUrl}/forest/authentication/callback`;
      const login = await loginInBrowser(authorizationUrl, credentials, callbackUrl);

      return { authorizationUrl: new URL(authorizationUrl), login };
    }

    it('signs the agent JWT of the admin on the rendering, after the HTML login and consent', async () => {
      const { authorizationUrl, login } = await loginThroughAgent(admin);
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(login.callback).toBeDefined();

      const callback = await fetch(login.callback!);
      const body = (await callback.json()) as { token: string; tokenData: Record<string, unknown> };
      expect(callback.status).toBe(200);
      const { payload } = await jwtVerify(body.token, new TextEncoder().encode(AUTH_SECRET));
      expect(payload).toEqual(
        expect.objectContaining({
          email: 'admin@grove.local',
          firstName: 'Admin',
          lastName: 'Grove',
          team: 'Operations',
          role: 'Admin',
          permissionLevel: 'admin',
          renderingId,
          tags: {},
        }),
      );
      const { models } = platform.test.platform.context.db;
      const adminRow = await models.User.findOne({ where: { email: admin.email } });
      expect(payload.id).toBe(adminRow!.id);
      expect(body.tokenData).toEqual(payload);
      // The code was bound to a PKCE challenge, and is spent.
      const code = await models.OidcPayload.findOne({ where: { model: 'AuthorizationCode' } });
      expect(code!.payload).toEqual(expect.objectContaining({ codeChallengeMethod: 'S256' }));
      expect(code!.consumedAt).toBeInstanceOf(Date);
    });

    it("refuses, with a 403 from the agent, a user who is not in the rendering's team", async () => {
      const { models } = platform.test.platform.context.db;
      const password = 'an outsider password';
      const outsider = await models.User.create({
        email: 'outsider@grove.local',
        firstName: 'Out',
        lastName: 'Sider',
        passwordHash: await hashPassword(password),
        permissionLevel: 'user',
      });
      const project = platform.test.platform.bootstrap!.project;
      const role = await models.Role.findOne({ where: { projectId: project.id, name: 'Admin' } });
      await models.ProjectMember.create({
        projectId: project.id,
        userId: outsider.id,
        roleId: role!.id,
      });

      const { login } = await loginThroughAgent({ email: outsider.email, password });
      const callback = await fetch(login.callback!);

      expect(callback.status).toBe(403);
      expect(await callback.json()).toEqual({
        error: 403,
        error_description: expect.stringContaining('This user is not allowed on this rendering'),
      });
    });
  },
);
