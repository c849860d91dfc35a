import { compileTrustedProxies, resolveClientIp } from '../../src/http/trusted-proxies';
import { createSqlShop } from '../helpers/sql-shop';
import type { SqlShop } from '../helpers/sql-shop';
import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';
import { countRows } from './sqlite-rows';

const tz = 'timezone=Europe%2FParis';

describe('resolveClientIp', () => {
  const trusted = compileTrustedProxies(['loopback', '10.0.0.0/8', '2001:db8::/32']);

  it.each([
    ['an untrusted peer: its header is ignored', '203.0.113.9', '10.1.1.1', '203.0.113.9'],
    ['a trusted peer without header', '127.0.0.1', undefined, '127.0.0.1'],
    ['a trusted peer: the right-most hop', '127.0.0.1', '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['trusted hops are skipped', '::1', '198.51.100.1, 203.0.113.9, 10.0.0.5', '203.0.113.9'],
    ['all hops trusted: the left-most', '127.0.0.1', '10.0.0.7, 10.0.0.5', '10.0.0.7'],
    ['an IPv4-mapped peer', '::ffff:127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['IPv6 proxies', '2001:db8::1', '2001:db8::2,2001:db9::1', '2001:db9::1'],
    ['a hop that is not an address stops the walk', '127.0.0.1', '10.0.0.1, unknown', 'unknown'],
  ])('%s', (_case, peer, header, client) => {
    expect(resolveClientIp(peer, header, trusted)).toBe(client);
  });

  it('trusts nobody by default', () => {
    expect(resolveClientIp('127.0.0.1', '10.0.0.1', compileTrustedProxies([]))).toBe('127.0.0.1');
  });

  it.each([['nope'], ['10.0.0.0/33'], ['10.0.0.0/8/1'], ['::1/129'], [''], ['1.2.3']])(
    'refuses the entry %j',
    entry => {
      expect(() => compileTrustedProxies([entry])).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: expect.stringContaining(`The trustedProxies option holds '${entry}'`),
        }),
      );
    },
  );
});

describe('X-Forwarded-For and the IP whitelist on a running agent', () => {
  let shop: SqlShop;
  let agent: TestAgent | undefined;
  const seenIps: string[] = [];

  beforeAll(async () => {
    shop = await createSqlShop(3);
  });
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
    seenIps.length = 0;
  });
  afterAll(() => shop.drop());

  /** An agent whose whitelist allows 10.0.0.0/8 only (the test's requests come from 127.0.0.1). */
  async function start(trustedProxies?: string[]): Promise<TestAgent> {
    agent = await startTestAgent(
      a =>
        a.addDataSource(shop.factory()).customizeCollection('orders', orders =>
          orders.addHook('Before', 'Delete', context => {
            seenIps.push(String(context.caller.request?.ip));
          }),
        ),
      trustedProxies === undefined ? {} : { trustedProxies },
    );
    agent.platform.state.ipWhitelist = {
      use_ip_whitelist: true,
      rules: [{ type: 2, range: '10.0.0.0/8' }],
    };
    await agent.agent.restart();

    return agent;
  }

  async function remove(test: TestAgent, id: number, forwardedFor?: string) {
    const request = test
      .http()
      .delete(`/forest/orders/${id}?${tz}`)
      .set('Authorization', `Bearer ${await test.token()}`);

    return forwardedFor === undefined ? request : request.set('X-Forwarded-For', forwardedFor);
  }

  it('ignores X-Forwarded-For from an untrusted peer: a spoofed address does not pass', async () => {
    const test = await start();
    const spoofed = await remove(test, 1, '10.1.2.3');

    expect(spoofed.status).toBe(403);
    expect(spoofed.body.errors[0]).toEqual({
      name: 'ForbiddenError',
      detail: 'IP address rejected (127.0.0.1)',
      status: 403,
    });
    expect(await countRows(shop.path, 'orders')).toBe(3);
  });

  it('reads X-Forwarded-For through a trusted proxy: the right-most untrusted hop', async () => {
    const test = await start(['127.0.0.1']);
    const outside = await remove(test, 1, '10.1.2.3, 192.168.1.4');
    const inside = await remove(test, 1, '192.168.1.4, 10.1.2.3');

    expect(outside.status).toBe(403);
    expect(outside.body.errors[0].detail).toBe('IP address rejected (192.168.1.4)');
    expect(inside.status).toBe(204);
    expect(seenIps).toEqual(['10.1.2.3']);
    expect(await countRows(shop.path, 'orders')).toBe(2);
  });

  it('skips every trusted hop, so a client cannot prepend an allowed address', async () => {
    const test = await start(['loopback', '10.0.0.0/8']);
    const spoofed = await remove(test, 2, '10.9.9.9, 192.168.1.4, 10.0.0.1');

    expect(spoofed.status).toBe(403);
    expect(spoofed.body.errors[0].detail).toBe('IP address rejected (192.168.1.4)');
    expect(await countRows(shop.path, 'orders')).toBe(2);
  });

  it('refuses a forwarded hop that is not an address', async () => {
    const test = await start(['loopback']);
    const response = await remove(test, 2, 'unknown');

    expect(response.status).toBe(403);
    expect(response.body.errors[0].detail).toBe('IP address rejected (unknown)');
  });

  it('keeps the loopback exemption for direct local callers without X-Forwarded-For', async () => {
    const test = await start();
    const response = await remove(test, 3);

    expect(response.status).toBe(204);
    expect(seenIps).toEqual(['127.0.0.1']);
  });
});
