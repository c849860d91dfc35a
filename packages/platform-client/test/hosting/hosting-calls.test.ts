import { PlatformHttp } from '../../src/http/platform-http';
import {
  getEnvironment,
  getOAuthClient,
  getStoredSchema,
  getUserInfo,
  isHttpUrl,
  relayToken,
} from '../../src/hosting';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

describe('the hosting calls', () => {
  let server: TestServer;
  let http: PlatformHttp;
  /** What the routes answer, set by each test. */
  let environment: { status: number; body: unknown };
  let schema: { status: number; body: unknown };
  let token: { status: number; body: unknown };

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/liana/environment', (_req, res) => {
        res.status(environment.status).json(environment.body);
      });
      app.get('/liana/forest-schema', (_req, res) => {
        res.status(schema.status).json(schema.body);
      });
      app.get('/oauth/register/:id', (req, res) => {
        if (req.params.id === 'known-client') res.json({ redirect_uris: ['https://a.dev/cb'] });
        else res.status(404).json({ error: 'invalid_client' });
      });
      app.post('/oauth/token', (_req, res) => {
        res.status(token.status).json(token.body);
      });
      app.get('/liana/v2/renderings/:id/authorization', (req, res) => {
        if (req.headers['forest-token'] !== 'good') {
          res.status(401).json({ errors: [{ detail: 'Bad token' }] });

          return;
        }
        res.json({
          data: {
            id: '7',
            attributes: {
              email: 'ada@example.com',
              first_name: 'Ada',
              last_name: 'Lovelace',
              teams: ['Ops', 'Sales'],
              role: 'Admin',
              permission_level: 'admin',
              tags: [{ key: 'region', value: 'eu' }],
            },
          },
        });
      });
    });
    http = new PlatformHttp({ serverUrl: server.url, envSecret: secret, attempts: 1 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  describe('getEnvironment', () => {
    it('reads the id and the agent URL with the env secret', async () => {
      environment = {
        status: 200,
        body: { data: { id: '12', attributes: { api_endpoint: 'https://agent.example.com' } } },
      };

      await expect(getEnvironment(http)).resolves.toEqual({
        id: 12,
        apiEndpoint: 'https://agent.example.com',
      });
      expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
    });

    it('answers a null agent URL when none is registered', async () => {
      environment = { status: 200, body: { data: { id: 12, attributes: { api_endpoint: '' } } } };

      await expect(getEnvironment(http)).resolves.toEqual({ id: 12, apiEndpoint: null });
    });

    it('fails with the status of a refusal, and with 200 on an answer without id', async () => {
      environment = { status: 401, body: { errors: [{ detail: 'Bad secret' }] } };
      await expect(getEnvironment(http)).rejects.toMatchObject({
        code: 'UnauthorizedError',
        data: { status: 401 },
      });

      environment = { status: 200, body: { data: {} } };
      await expect(getEnvironment(http)).rejects.toMatchObject({
        code: 'ValidationError',
        data: { status: 200 },
      });
    });
  });

  describe('getStoredSchema', () => {
    it('reads the stored schema with the env secret', async () => {
      schema = { status: 200, body: { collections: [{ name: 'books' }] } };

      await expect(getStoredSchema(http)).resolves.toEqual({ collections: [{ name: 'books' }] });
      expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
    });

    it('answers {} for a body that is not an object, and fails on another status', async () => {
      schema = { status: 200, body: ['not', 'an', 'object'] };
      await expect(getStoredSchema(http)).resolves.toEqual({});

      schema = { status: 404, body: {} };
      await expect(getStoredSchema(http)).rejects.toMatchObject({ data: { status: 404 } });
    });
  });

  describe('getOAuthClient', () => {
    it('reads a known client without the env secret', async () => {
      await expect(getOAuthClient(http, 'known-client')).resolves.toEqual({
        redirect_uris: ['https://a.dev/cb'],
      });
      expect(server.requests[0]?.headers['forest-secret-key']).toBeUndefined();
    });

    it('answers null for an unknown client, and for a malformed id without asking', async () => {
      await expect(getOAuthClient(http, 'unknown')).resolves.toBeNull();
      await expect(getOAuthClient(http, '../liana/environment')).resolves.toBeNull();
      expect(server.requests.map(request => request.path)).toEqual(['/oauth/register/unknown']);
    });
  });

  describe('relayToken', () => {
    it('posts the JSON body with the env secret and answers the tokens', async () => {
      token = { status: 200, body: { access_token: 'at', expires_in: 60 } };

      await expect(
        relayToken(http, { grant_type: 'refresh_token', client_id: 'c' }),
      ).resolves.toEqual({ status: 200, body: { access_token: 'at', expires_in: 60 } });
      expect(server.requests[0]).toMatchObject({
        method: 'POST',
        body: { grant_type: 'refresh_token', client_id: 'c' },
        headers: { 'forest-secret-key': secret, 'content-type': 'application/json' },
      });
    });

    it('answers an OAuth error as is, with its status', async () => {
      token = { status: 400, body: { error: 'invalid_grant', error_description: 'Expired' } };

      await expect(relayToken(http, { grant_type: 'authorization_code' })).resolves.toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Expired' },
      });
    });

    it('fails when the platform cannot be reached', async () => {
      const closed = await startServer(() => undefined);
      const unreachable = new PlatformHttp({
        serverUrl: closed.url,
        envSecret: secret,
        attempts: 1,
      });
      await closed.close();

      await expect(relayToken(unreachable, {})).rejects.toMatchObject({
        code: 'ServiceUnavailableError',
      });
    });
  });

  describe('getUserInfo', () => {
    it('maps the user info of an access token', async () => {
      await expect(getUserInfo(http, 5, 'good')).resolves.toEqual({
        id: 7,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        team: 'Ops',
        role: 'Admin',
        permissionLevel: 'admin',
        renderingId: 5,
        tags: { region: 'eu' },
      });
      expect(server.requests[0]?.path).toBe('/liana/v2/renderings/5/authorization');
    });

    it('fails with the status of a refused token', async () => {
      await expect(getUserInfo(http, 5, 'bad')).rejects.toMatchObject({
        code: 'UnauthorizedError',
        data: { status: 401 },
      });
    });
  });

  describe('isHttpUrl', () => {
    it.each([
      ['https://api.grove.dev', true],
      ['http://localhost:3352/', true],
      ['ftp://files.example.com', false],
      ['javascript:alert(1)', false],
      ['api.grove.dev', false],
      ['', false],
    ])('%j → %s', (value, expected) => {
      expect(isHttpUrl(value)).toBe(expected);
    });
  });
});
