import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { loginAndConsent, MCP_TEST_REDIRECT_URI } from '../../src/testing';

/** A sign-in page, then a consent page, then the redirect to the client, as the platform does. */
function fakePlatform(password: string) {
  const seen: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.cookie ?? ''} ${body}`);
      const form = new URLSearchParams(body);
      if (req.url === '/authorize') {
        res.writeHead(303, { location: '/login', 'set-cookie': 'interaction=abc; path=/' });
        res.end();
      } else if (req.url === '/login' && req.method === 'GET') {
        res.end(
          '<form method="post" action="/login"><input type="hidden" name="uid" value="a&amp;b">' +
            '<input name="email"><input name="password" type="password"></form>',
        );
      } else if (req.url === '/login' && form.get('password') === password) {
        res.end(
          '<p>Allow access?</p><form method="post" action="/consent"><input name="ok" value="1"></form>',
        );
      } else if (req.url === '/login') {
        res.end('<p>Wrong email or password</p><form action="/login"></form>');
      } else if (req.url === '/consent' && form.get('ok') === '1') {
        res.writeHead(303, { location: `${MCP_TEST_REDIRECT_URI}?code=the-code&state=s` });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  };

  return { seen, server: createServer(handler) };
}

describe('loginAndConsent (@grove/mcp-server/testing)', () => {
  let server: Server;
  let seen: string[];
  let url: string;

  beforeAll(async () => {
    ({ server, seen } = fakePlatform('right'));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise(resolve => server.close(resolve));
  });
  beforeEach(() => seen.splice(0));

  it('signs in, keeps the cookie and the hidden fields, allows, and answers the code', async () => {
    const user = { email: 'ada@example.com', password: 'right' };

    await expect(loginAndConsent(new URL(`${url}/authorize`), user)).resolves.toBe('the-code');
    expect(seen).toEqual([
      'GET /authorize  ',
      'GET /login interaction=abc ',
      'POST /login interaction=abc uid=a%26b&email=ada%40example.com&password=right',
      'POST /consent interaction=abc ok=1',
    ]);
  });

  it('fails with UnauthorizedError when the sign-in shows no consent page', async () => {
    const user = { email: 'ada@example.com', password: 'wrong' };

    await expect(loginAndConsent(new URL(`${url}/authorize`), user)).rejects.toMatchObject({
      code: 'UnauthorizedError',
      message: expect.stringContaining('No consent page after the sign-in (200)'),
    });
  });
});
