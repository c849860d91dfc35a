import { signSessionToken } from '@grove/platform-client';
import type * as Bookstore from '../../helpers/bookstore';
import { authSecret, platformUser } from '../../helpers/fake-platform';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

describe('public routes, authentication, CORS, IP whitelist', () => {
  let agent: TestAgent;

  beforeEach(async () => {
    agent = await startTestAgent();
  });
  afterEach(() => agent.stop());

  it('answers the health check without a token, with and without a trailing slash', async () => {
    const plain = await agent.http().get('/forest');
    const slash = await agent.http().get('/forest/');

    expect(plain.body).toEqual({ error: null, message: 'Agent is running' });
    expect(slash.status).toBe(200);
  });

  it('answers 401 without a token, with a malformed header, a bad signature, an expired token', async () => {
    const expired = await signSessionToken(
      { id: 1, renderingId: 1 },
      { secret: authSecret, expiresInSeconds: 10, now: 1_000_000 },
    );
    const forged = await signSessionToken(
      { id: 1, renderingId: 1 },
      { secret: 'another-secret-another-secret-xx', expiresInSeconds: 3600 },
    );
    const answers = await Promise.all([
      agent.http().get(`/forest/books?${tz}`),
      agent.http().get(`/forest/books?${tz}`).set('Authorization', 'Token abc'),
      agent.http().get(`/forest/books?${tz}`).set('Authorization', `Bearer ${forged}`),
      agent.http().get(`/forest/books?${tz}`).set('Authorization', `Bearer ${expired}`),
    ]);

    expect(answers.map(answer => answer.status)).toEqual([401, 401, 401, 401]);
    expect(answers.map(answer => answer.body.errors[0].detail)).toEqual([
      'Authentication Error',
      'Bad Authorization header format. Format is "Authorization: Bearer <token>"',
      'Authentication Error',
      'Authentication Error',
    ]);
    expect(answers[0]?.body.errors[0]).toEqual({
      name: 'UnauthorizedError',
      detail: 'Authentication Error',
      status: 401,
    });
  });

  it('accepts the session token from the forest_session_token cookie', async () => {
    const response = await agent
      .http()
      .get(`/forest/books/count?${tz}`)
      .set('Cookie', `other=1; forest_session_token=${await agent.token()}`);

    expect(response.body).toEqual({ count: 5 });
  });

  it('ends an authenticated request to an unknown path in a plain 404', async () => {
    const response = await agent
      .http()
      .get('/forest/a/b/c/d/e/f')
      .set('Authorization', `Bearer ${await agent.token()}`);
    const anonymous = await agent.http().get('/forest/a/b/c/d/e/f');

    expect(response.status).toBe(404);
    expect(response.text).toBe('Not Found');
    expect(anonymous.status).toBe(401);
  });

  it('answers preflights of an allowed origin without a token, echoing origin and headers', async () => {
    const response = await agent
      .http()
      .options('/forest/books')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization,forest-projection')
      .set('Access-Control-Request-Private-Network', 'true');

    expect(response.status).toBe(204);
    expect(response.headers).toEqual(
      expect.objectContaining({
        'access-control-allow-origin': 'http://localhost:3000',
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET,HEAD,PUT,POST,DELETE,PATCH',
        'access-control-allow-headers': 'authorization,forest-projection',
        'access-control-max-age': '86400',
        'access-control-allow-private-network': 'true',
      }),
    );
  });

  it('sets a correlation id on data routes and exposes it', async () => {
    const response = await agent
      .http()
      .get(`/forest/books/count?${tz}`)
      .set('Origin', 'http://localhost:3000')
      .set('Authorization', `Bearer ${await agent.token()}`);

    expect(response.headers['x-forest-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['access-control-expose-headers']).toBe('x-forest-correlation-id');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('logs a 5xx with its request id and sends no stack trace', async () => {
    await agent.stop();
    agent = await startTestAgent(a => {
      a.addDataSource(
        jest.requireActual<typeof Bookstore>('../../helpers/bookstore').bookstoreFactory(),
      ).customizeCollection('books', books =>
        books.addHook('Before', 'List', () => {
          throw new Error('database exploded at /secret/path');
        }),
      );
    });
    const response = await agent
      .http()
      .get(`/forest/books?${tz}`)
      .set('Authorization', `Bearer ${await agent.token()}`);
    const requestId = response.headers['x-forest-correlation-id'];

    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(agent.logs).toContainEqual(
      expect.objectContaining({
        level: 'Error',
        message: expect.stringContaining(`[${String(requestId)}] GET /forest/books`),
      }),
    );
  });

  it('rejects callers outside the IP whitelist after the token check', async () => {
    await agent.stop();
    // The test's requests come from 127.0.0.1: trusted as a proxy, its X-Forwarded-For counts.
    agent = await startTestAgent(undefined, { trustedProxies: ['loopback'] });
    agent.platform.state.ipWhitelist = {
      use_ip_whitelist: true,
      rules: [{ type: 2, range: '10.0.0.0/8' }],
    };
    await agent.agent.restart();
    const auth = { Authorization: `Bearer ${await agent.token()}` };
    const outside = await agent
      .http()
      .get(`/forest/books/count?${tz}`)
      .set(auth)
      .set('X-Forwarded-For', '192.168.1.4');
    const inside = await agent
      .http()
      .get(`/forest/books/count?${tz}`)
      .set(auth)
      .set('X-Forwarded-For', '10.1.2.3');
    const local = await agent.http().get(`/forest/books/count?${tz}`).set(auth);

    expect(outside.status).toBe(403);
    expect(outside.body.errors[0].detail).toBe('IP address rejected (192.168.1.4)');
    expect(inside.status).toBe(200);
    expect(local.status).toBe(200);
  });

  describe('login through the platform', () => {
    it('answers the OIDC authorization URL for a rendering', async () => {
      const response = await agent.http().post('/forest/authentication').send({ renderingId: 42 });
      const url = new URL(response.body.authorizationUrl);

      expect(response.status).toBe(200);
      expect(`${url.origin}${url.pathname}`).toBe(`${agent.platform.url}/oidc/auth`);
      expect(JSON.parse(url.searchParams.get('state')!)).toEqual({
        renderingId: 42,
        pkce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      });
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('scope')).toBe('openid email profile');
    });

    it('refuses a non-numeric rendering id', async () => {
      const response = await agent.http().post('/forest/authentication').send({ renderingId: 'x' });

      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toBe('Rendering id must be a number');
    });

    it('exchanges the code and issues an HS256 token usable on private routes', async () => {
      const state = encodeURIComponent('{"renderingId":1}');
      const response = await agent
        .http()
        .get(`/forest/authentication/callback?code=good-code&state=${state}`);

      expect(response.status).toBe(200);
      expect(response.body.tokenData).toEqual(
        expect.objectContaining({
          id: 1,
          email: 'user1@example.com',
          firstName: 'First1',
          lastName: 'Last1',
          team: 'Operations',
          role: 'Admin',
          permissionLevel: 'admin',
          renderingId: 1,
          tags: { country: 'FR' },
        }),
      );
      expect(response.body.tokenData.exp - response.body.tokenData.iat).toBe(3600);
      const count = await agent
        .http()
        .get(`/forest/books/count?${tz}`)
        .set('Authorization', `Bearer ${response.body.token}`);
      expect(count.body).toEqual({ count: 5 });
    });

    it('answers the protocol bodies for a bad state, a refused user and a bad code', async () => {
      const badState = await agent
        .http()
        .get('/forest/authentication/callback?code=good-code&state=nope');
      const refused = await agent
        .http()
        .get(
          `/forest/authentication/callback?code=good-code&state=${encodeURIComponent('{"renderingId":403}')}`,
        );

      expect(badState.status).toBe(400);
      expect(badState.body.errors[0].detail).toBe(
        'Failed to retrieve renderingId from query[state]',
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 403, error_description: expect.any(String) });
    });
  });

  describe('permissions', () => {
    const restricted = {
      collections: {
        books: {
          collection: {
            browseEnabled: { roles: [1] },
            readEnabled: { roles: [1] },
            editEnabled: { roles: [] },
            addEnabled: { roles: [] },
            deleteEnabled: { roles: [] },
            exportEnabled: { roles: [] },
          },
          actions: {},
        },
      },
    };

    it('answers 403 Forbidden on a denied right and serves the allowed ones', async () => {
      agent.platform.state.environment = restricted;
      const auth = { Authorization: `Bearer ${await agent.token()}` };
      // The environment rights are cached: the platform's refresh-roles event drops them.
      let status = 204;
      for (let attempt = 0; attempt < 40 && status !== 403; attempt += 1) {
        agent.platform.emit('refresh-roles');
        await new Promise(resolve => setTimeout(resolve, 50));
        status = (await agent.http().delete(`/forest/books/99?${tz}`).set(auth)).status;
      }
      const list = await agent.http().get(`/forest/books?${tz}`).set(auth);
      const remove = await agent.http().delete(`/forest/books/1?${tz}`).set(auth);
      const csv = await agent
        .http()
        .get(`/forest/books.csv?${tz}&header=id&fields[books]=id`)
        .set(auth);

      expect(list.status).toBe(200);
      expect(remove.status).toBe(403);
      expect(remove.body).toEqual({
        errors: [{ name: 'ForbiddenError', detail: 'Forbidden', status: 403 }],
      });
      expect(csv.status).toBe(403);
    });

    it('applies the rendering scope with currentUser values to reads and writes', async () => {
      agent.platform.state.users = [platformUser(1, { tags: { author: '2' } })];
      agent.platform.state.renderings['1'] = {
        team: { id: 1, name: 'Ops' },
        collections: {
          books: {
            scope: { field: 'authorId', operator: 'Equal', value: '{{currentUser.tags.author}}' },
            segments: [],
          },
        },
        stats: [],
      };
      const auth = { Authorization: `Bearer ${await agent.token()}` };
      const list = await agent.http().get(`/forest/books?${tz}&fields[books]=id`).set(auth);
      const outside = await agent.http().get(`/forest/books/1?${tz}`).set(auth);
      await agent.http().delete(`/forest/books/1?${tz}`).set(auth);
      agent.platform.state.renderings = {};
      await agent
        .http()
        .post(`/forest/scope-cache-invalidation`)
        .set(auth)
        .send({ renderingId: 1 });
      const after = await agent.http().get(`/forest/books/count?${tz}`).set(auth);

      expect(list.body.data.map((b: { id: string }) => b.id)).toEqual(['2', '3']);
      expect(outside.status).toBe(404);
      expect(after.body).toEqual({ count: 5 });
    });

    it('refuses a malformed scope invalidation', async () => {
      const response = await agent
        .http()
        .post('/forest/scope-cache-invalidation')
        .set('Authorization', `Bearer ${await agent.token()}`)
        .send({ renderingId: 'x' });

      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toBe('Malformed body');
    });
  });
});
