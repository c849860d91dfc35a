import { DELEGATION_LIFETIME_SECONDS, verifyDelegationToken } from '@grove/platform-client';

import {
  DELEGATION_REUSE_MARGIN_SECONDS,
  DelegationTokenCache,
} from '../../src/auth/delegation-token-cache';

const secret = 'a'.repeat(64);
const ada = { id: 7, email: 'ada@example.com', role: 'Editor', rendering_id: '5' };

describe('DelegationTokenCache', () => {
  it('signs a delegated token of the claims, with source mcp', async () => {
    const now = 1_800_000_000;
    const token = await new DelegationTokenCache(secret, { now: () => now }).token(ada);

    const claims = await verifyDelegationToken(token, { secret, now });
    expect(claims).toMatchObject({
      ...ada,
      grove_delegation: { source: 'mcp' },
      iat: now,
      exp: now + DELEGATION_LIFETIME_SECONDS,
    });
  });

  it('hands out the same token for the same claims', async () => {
    const cache = new DelegationTokenCache(secret, { now: () => 1_800_000_000 });

    const first = await cache.token(ada);
    expect(await cache.token({ ...ada })).toBe(first);
  });

  it('signs another token when any claim differs (user, rendering, role)', async () => {
    const cache = new DelegationTokenCache(secret, { now: () => 1_800_000_000 });
    const first = await cache.token(ada);

    const others = await Promise.all([
      cache.token({ ...ada, id: 8 }),
      cache.token({ ...ada, rendering_id: '6' }),
      cache.token({ ...ada, role: 'Admin' }),
    ]);
    expect(new Set([first, ...others]).size).toBe(4);
    const claims = await verifyDelegationToken(others[2], { secret, now: 1_800_000_000 });
    expect(claims.role).toBe('Admin');
  });

  it('signs a new token once the old one is within the margin of its expiry', async () => {
    const start = 1_800_000_000;
    let now = start;
    const cache = new DelegationTokenCache(secret, { now: () => now });
    const first = await cache.token(ada);
    const lastReuse = start + DELEGATION_LIFETIME_SECONDS - DELEGATION_REUSE_MARGIN_SECONDS - 1;

    now = lastReuse;
    expect(await cache.token(ada)).toBe(first);
    now = lastReuse + 1;
    const renewed = await cache.token(ada);
    expect(renewed).not.toBe(first);
    expect((await verifyDelegationToken(renewed, { secret, now })).iat).toBe(now);
  });

  it('keeps a bounded number of tokens, dropping the oldest', async () => {
    let now = 1_800_000_000;
    const cache = new DelegationTokenCache(secret, { capacity: 2, now: () => now });
    const a = await cache.token({ ...ada, id: 1 });
    const b = await cache.token({ ...ada, id: 2 });
    await cache.token({ ...ada, id: 3 });

    // A second later, a kept token is handed out again; the dropped one is signed anew.
    now += 1;
    expect(await cache.token({ ...ada, id: 2 })).toBe(b);
    const renewed = await cache.token({ ...ada, id: 1 });
    expect(renewed).not.toBe(a);
    expect((await verifyDelegationToken(renewed, { secret, now })).iat).toBe(now);
  });
});
