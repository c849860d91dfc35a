import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';
import type { ErrorRequestHandler } from 'express';

import { requireUserAccessToken, userAccessTokenOf } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { codeFlowTokens, discover } from './helpers/oidc-flows';

describe.each(availableServers())('requireUserAccessToken on $name', server => {
  let test: TestPlatform;
  let http: Server;
  let url: string;
  let accessToken: string;
  let idToken: string;

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
    const bootstrap = test.platform.bootstrap!;
    ({ accessToken, idToken } = await codeFlowTokens(
      await discover(test.platform.url),
      bootstrap.envSecret,
      { email: bootstrap.adminEmail, password: bootstrap.adminPassword },
    ));
    // A route of some other part of the platform, protected by the user's access token.
    const app = express();
    app.get('/me', requireUserAccessToken(test.platform.context), (_req, res) => {
      res.json(userAccessTokenOf(res));
    });
    app.use(((error, _req, res, _next) => {
      res.status(401).json({ code: (error as { code?: string }).code });
    }) as ErrorRequestHandler);
    http = createServer(app);
    await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/me`;
  });
  afterAll(async () => {
    await new Promise(resolve => http.close(resolve));
    await test.stop();
  });

  it('hands the route who the bearer token speaks for', async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      kind: 'agent-login',
      userId: expect.any(Number),
      clientId: expect.any(String),
      scopes: ['openid', 'email', 'profile'],
      expiresAt: expect.any(String),
      environmentId: test.platform.bootstrap!.environment.id,
    });
  });

  it.each([
    ['no Authorization', () => undefined],
    ['another scheme', () => `Basic ${accessToken}`],
    ['an unknown token', () => `Bearer ${'x'.repeat(43)}`],
    ['the id token', () => `Bearer ${idToken}`],
    ['two tokens', () => `Bearer ${accessToken} ${accessToken}`],
  ])('answers 401 for %s', async (_case, header) => {
    const authorization = header();
    const response = await fetch(url, {
      headers: authorization === undefined ? {} : { authorization },
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'UnauthorizedError' });
  });
});
