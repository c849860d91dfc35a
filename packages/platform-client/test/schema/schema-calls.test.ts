import { createPlatformClient } from '../../src';
import type { PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

describe('schema and IP rules', () => {
  let server: TestServer;
  let client: PlatformClient;
  let sendSchema = true;
  let whitelist: unknown = {};

  beforeAll(async () => {
    server = await startServer(app => {
      app.post('/forest/apimaps/hashcheck', (_req, res) => {
        res.json({ sendSchema });
      });
      app.post('/forest/apimaps', (_req, res) => {
        res.status(204).end();
      });
      app.get('/liana/v1/ip-whitelist-rules', (_req, res) => {
        res.json(whitelist);
      });
    });
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it.each([true, false])('posts the hash and reads sendSchema = %s', async value => {
    sendSchema = value;
    await expect(client.checkSchemaHash('abc')).resolves.toBe(value);
    expect(server.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/forest/apimaps/hashcheck',
        body: { schemaFileHash: 'abc' },
        headers: expect.objectContaining({ 'forest-secret-key': secret }),
      }),
    ]);
  });

  it('uploads the apimap document as JSON', async () => {
    const apimap = { jsonapi: { version: '1.0' }, data: [], included: [], meta: { liana: 'x' } };
    await expect(client.uploadSchema(apimap)).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/forest/apimaps',
      body: apimap,
    });
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('reads the IP whitelist and drops rules of an unknown shape', async () => {
    whitelist = {
      data: {
        attributes: {
          use_ip_whitelist: true,
          rules: [
            { type: 0, ip: '203.0.113.7' },
            { type: 1, ipMinimum: '10.0.0.1', ipMaximum: '10.0.0.50' },
            { type: 2, range: '192.168.0.0/24' },
            { type: 3, ip: 'x' },
            { type: 0 },
          ],
        },
      },
    };
    await expect(client.getIpWhitelist()).resolves.toEqual({
      isFeatureEnabled: true,
      ipRules: [
        { type: 0, ip: '203.0.113.7' },
        { type: 1, ipMinimum: '10.0.0.1', ipMaximum: '10.0.0.50' },
        { type: 2, range: '192.168.0.0/24' },
      ],
    });
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/liana/v1/ip-whitelist-rules',
    });
  });

  it('reads a disabled whitelist', async () => {
    whitelist = { data: { attributes: { use_ip_whitelist: false, rules: [] } } };
    await expect(client.getIpWhitelist()).resolves.toEqual({
      isFeatureEnabled: false,
      ipRules: [],
    });
  });

  it('refuses a server URL that is not http(s)', () => {
    expect(() => createPlatformClient({ serverUrl: 'ftp://x', envSecret: secret })).toThrow(
      "serverUrl must be an http(s) URL, got 'ftp://x'",
    );
    expect(() => createPlatformClient({ serverUrl: 'http://x', envSecret: '' })).toThrow(
      'envSecret is required',
    );
  });
});
