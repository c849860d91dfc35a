import { createHmac } from 'node:crypto';
import { createAgentClient } from '../src';
import { startFakeAgent } from './helpers/fake-agent';
import type { FakeAgent } from './helpers/fake-agent';

const authSecret = 'a-very-secret-auth-secret';

function verify(token: string, secret: string): Record<string, unknown> {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
    alg: 'HS256',
    typ: 'JWT',
  });

  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

function bearer(agent: FakeAgent): string {
  const authorization = agent.last.headers.authorization ?? '';
  expect(authorization).toMatch(/^Bearer /);

  return authorization.substring('Bearer '.length);
}

describe('createAgentClient', () => {
  let agent: FakeAgent;
  beforeAll(async () => {
    agent = await startFakeAgent();
  });
  afterAll(() => agent.close());
  beforeEach(() => {
    agent.reset();
    agent.reply('GET', '/forest/books/count', { json: { count: 3 } });
  });

  it('signs an HS256 token with the default admin user and its snake_case twins', async () => {
    await createAgentClient({ url: agent.url, authSecret }).collection('books').count();

    const claims = verify(bearer(agent), authSecret);
    expect(claims).toEqual({
      id: 1,
      email: 'forest@forest.com',
      firstName: 'forest',
      lastName: 'admin',
      team: 'admin',
      role: 'Admin',
      permissionLevel: 'admin',
      renderingId: 1,
      tags: {},
      roleId: 1,
      first_name: 'forest',
      last_name: 'admin',
      permission_level: 'admin',
      rendering_id: 1,
      role_id: 1,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('merges the given user claims and keeps the twins in sync', async () => {
    const user = {
      id: 7,
      renderingId: 42,
      permissionLevel: 'user' as const,
      tags: { country: 'FR' },
    };
    await createAgentClient({ url: agent.url, authSecret, user }).collection('books').count();

    const claims = verify(bearer(agent), authSecret);
    expect(claims).toMatchObject({
      ...user,
      rendering_id: 42,
      permission_level: 'user',
      email: 'forest@forest.com',
    });
  });

  it('sends a given token as is', async () => {
    await createAgentClient({ url: agent.url, token: 'abc.def.ghi' }).collection('books').count();

    expect(agent.last.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('refuses to build without authSecret or token', () => {
    expect(() => createAgentClient({ url: agent.url })).toThrow(
      'createAgentClient needs `authSecret` (to sign a user token) or `token`',
    );
  });

  it('sends the timezone (default Europe/Paris) first in the query string, and JSON headers', async () => {
    await createAgentClient({ url: agent.url, authSecret }).collection('books').count();

    expect(agent.last.rawQuery).toBe('timezone=Europe%2FParis');
    expect(agent.last.headers.accept).toBe('application/json');
  });

  it('sends the timezone option and extra headers', async () => {
    const client = createAgentClient({
      url: agent.url,
      authSecret,
      timezone: 'America/New_York',
      headers: { 'forest-context-url': 'https://app/p/e' },
    });
    await client.collection('books').count();

    expect(agent.last.query).toEqual({ timezone: 'America/New_York' });
    expect(agent.last.headers['forest-context-url']).toBe('https://app/p/e');
  });

  it.each([
    ['a url without prefix', (url: string) => ({ url }), '/forest/books/count'],
    ['a trailing slash', (url: string) => ({ url: `${url}/` }), '/forest/books/count'],
    [
      'a url ending with the prefix',
      (url: string) => ({ url: `${url}/forest` }),
      '/forest/books/count',
    ],
    ['a mounted agent', (url: string) => ({ url: `${url}/api/v1` }), '/api/v1/forest/books/count'],
    ['a custom prefix', (url: string) => ({ url, prefix: '/admin/' }), '/admin/books/count'],
  ])('joins %s with the mount point', async (_, options, path) => {
    agent.reply('GET', path, { json: { count: 1 } });
    await createAgentClient({ ...options(agent.url), authSecret })
      .collection('books')
      .count();

    expect(agent.last.path).toBe(path);
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      calls.push(`${init?.method} ${String(input)}`);

      return new Response(JSON.stringify({ count: 9 }), { status: 200 });
    };
    const client = createAgentClient({
      url: 'http://agent.test',
      authSecret,
      fetch,
      timezone: 'UTC',
    });

    await expect(client.collection('books').count()).resolves.toBe(9);
    expect(calls).toEqual(['GET http://agent.test/forest/books/count?timezone=UTC']);
  });
});
