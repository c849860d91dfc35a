import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createEnvironment } from '../../../src/services/create-environment';
import { addMember, loginBootstrapAdmin } from '../../helpers/admin-client';
import { createShopDatabase } from '../../helpers/agents-under-test';
import { deviceFlowToken } from '../../helpers/device-login';
import { codeFlowTokens, discover } from '../../oidc/helpers/oidc-flows';
import { hostedCall, makeBundle } from '../../helpers/hosted-agent-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import { memberWithToken } from '../../helpers/user-tokens';
import type { TokenUser } from '../../helpers/user-tokens';

/** One request of the CLI. */
interface Route {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly contentType?: string;
}

/** Every route of the CLI, with a valid request of each. */
const routes: readonly Route[] = [
  { method: 'GET', path: 'datasources' },
  { method: 'GET', path: 'last-published-code-details' },
  {
    method: 'POST',
    path: 'bundle',
    body: makeBundle('module.exports = () => {};'),
    contentType: 'application/zip',
  },
  { method: 'POST', path: 'publish', body: { bundleId: 1 } },
  { method: 'GET', path: 'logs' },
  {
    method: 'POST',
    path: 'development-environment-for-user',
    body: { endpoint: 'http://localhost:3351' },
  },
];
/** The routes that need a hosted environment. */
const hostedOnly = routes.filter(route => route.path !== 'development-environment-for-user');

describe.each(availableServers())('/api/hosted-agent checks on $name', server => {
  let test: TestPlatform;
  let developer: TokenUser;
  let editor: TokenUser;
  let outsider: string;
  let developerAgentLogin: string;
  let envSecret: string;
  let notHostedSecret: string;
  const shop = join(tmpdir(), `grove-hosted-checks-${randomBytes(6).toString('hex')}.sqlite`);

  const call = (credentials: { envSecret?: string; token?: string }, route: Route) =>
    hostedCall(
      test.platform.url,
      credentials,
      route.method,
      route.path,
      route.body,
      route.contentType,
    );

  beforeAll(async () => {
    await createShopDatabase(shop);
    test = await startTestPlatform(server);
    envSecret = test.platform.bootstrap!.envSecret;
    developer = await memberWithToken(
      test.platform,
      'Developer',
      'Operations',
      'dev@grove.test',
      'device',
    );
    editor = await memberWithToken(
      test.platform,
      'Editor',
      'Operations',
      'editor@grove.test',
      'device',
    );
    const admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    await admin.call(
      'POST',
      `/api/admin/projects/${project.id}/environments/${environment.id}/hosted-datasources`,
      { name: 'shop', connectionUri: `sqlite:${shop}` },
    );
    // A Developer of another project, logged in with the CLI.
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Elsewhere' });
    await addMember(test.platform, other.body.data.id, 'Developer', 'outsider@grove.test');
    outsider = await deviceFlowToken(test.platform.url, {
      email: 'outsider@grove.test',
      password: 'a long enough password',
    });
    // The same Developer's frontend token (an agent's login client): not the CLI's.
    developerAgentLogin = (
      await codeFlowTokens(await discover(test.platform.url), envSecret, {
        email: 'dev@grove.test',
        password: 'a long enough password',
      })
    ).accessToken;
    notHostedSecret = (
      await createEnvironment(test.platform.context.db, null, {
        projectId: project.id,
        name: 'Staging',
      })
    ).envSecret;
  });
  afterAll(async () => {
    await test.stop();
    await rm(shop, { force: true });
  });

  it.each(routes)(
    '$method $path: 401 without the env secret or with an unknown one',
    async route => {
      const none = await call({ token: developer.token }, route);
      expect(none.status).toBe(401);
      expect(none.body.errors[0]).toMatchObject({ status: 401, code: 'UnauthorizedError' });
      expect(
        (await call({ envSecret: 'f'.repeat(64), token: developer.token }, route)).status,
      ).toBe(401);
    },
  );

  it.each(routes)('$method $path: 401 without a valid user access token', async route => {
    expect((await call({ envSecret }, route)).status).toBe(401);
    expect((await call({ envSecret, token: 'not-a-token' }, route)).status).toBe(401);
  });

  it.each(routes)(
    '$method $path: 403 for a member who is not Admin nor Developer, and a non-member',
    async route => {
      const refused = await call({ envSecret, token: editor.token }, route);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('ForbiddenError');
      expect((await call({ envSecret, token: outsider }, route)).status).toBe(403);
    },
  );

  it.each(routes)(
    "$method $path: 403 for an agent-login token, even a Developer's (the CLI's device flow only)",
    async route => {
      const refused = await call({ envSecret, token: developerAgentLogin }, route);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].detail).toBe(
        "This route does not accept an agent's login access token",
      );
    },
  );

  it.each(hostedOnly)('$method $path: 404 for an environment that is not hosted', async route => {
    const refused = await call({ envSecret: notHostedSecret, token: developer.token }, route);
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].detail).toBe('This environment is not hosted by the platform');
  });

  it('accepts the agent protocol header (forest-secret-key) too', async () => {
    const response = await fetch(`${test.platform.url}/api/hosted-agent/datasources`, {
      headers: { 'forest-secret-key': envSecret, authorization: `Bearer ${developer.token}` },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a bundle above 20 MiB (413), not a zip or without index.js (400)', async () => {
    const upload = (body: Buffer, contentType = 'application/zip') =>
      call(
        { envSecret, token: developer.token },
        { method: 'POST', path: 'bundle', body, contentType },
      );
    const big = await upload(Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    const notZip = await upload(Buffer.from('hello'));
    expect(notZip.status).toBe(400);
    expect(notZip.body.errors[0].detail).toBe(
      'The bundle must be a zip holding nodejs/customization/index.js',
    );
    const AdmZip = (await import('adm-zip')).default;
    const other = new AdmZip();
    other.addFile('index.js', Buffer.from('module.exports = () => {};'));
    expect((await upload(other.toBuffer())).status).toBe(400);
    const unsafe = new AdmZip();
    unsafe.addFile('nodejs/customization/index.js', Buffer.from('module.exports = () => {};'));
    // adm-zip cleans the names it adds: the unsafe one is written on the entry afterwards.
    unsafe.addFile('escape.js', Buffer.from('')).entryName = '../escape.js';
    expect((await upload(unsafe.toBuffer())).status).toBe(400);
    expect((await upload(makeBundle('module.exports = () => {};'), 'text/plain')).status).toBe(400);
    expect(await test.platform.context.db.models.HostedBundle.count()).toBe(0);
    expect((await upload(makeBundle('module.exports = () => {};'))).status).toBe(201);
  });

  it('checks the publish body and logs query', async () => {
    const credentials = { envSecret, token: developer.token };
    expect(
      (await call(credentials, { method: 'POST', path: 'publish', body: { bundleId: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(credentials, { method: 'POST', path: 'publish', body: { bundleId: 999_999 } }))
        .status,
    ).toBe(404);
    for (const query of ['limit=0', 'limit=1001', 'from=yesterday', 'order-by-recent-first=yes']) {
      expect((await call(credentials, { method: 'GET', path: `logs?${query}` })).status).toBe(400);
    }
    expect((await call(credentials, { method: 'GET', path: 'logs?limit=1000' })).body).toEqual({
      logs: [],
    });
    expect(
      (
        await call(credentials, {
          method: 'POST',
          path: 'development-environment-for-user',
          body: { endpoint: 'ftp://x' },
        })
      ).body.errors[0].detail,
    ).toBe('endpoint must be an http or https URL');
  });
});
