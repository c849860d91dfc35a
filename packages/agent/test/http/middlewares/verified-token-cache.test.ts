import { VerifiedTokenCache } from '../../../src/http/middlewares/verified-token-cache';

describe('VerifiedTokenCache', () => {
  it('answers a stored token until the second of its exp', () => {
    let now = 1000;
    const cache = new VerifiedTokenCache<string>(10, () => now);
    cache.set('token', 'alice', 1002);

    expect(cache.get('token')).toBe('alice');
    now = 1001;
    expect(cache.get('token')).toBe('alice');
    now = 1002;
    expect(cache.get('token')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store a token without a numeric exp', () => {
    const cache = new VerifiedTokenCache<string>(10, () => 0);
    cache.set('a', 'alice', undefined);
    cache.set('b', 'bob', '99');

    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([undefined, undefined, 0]);
  });

  it('drops the oldest token beyond its capacity', () => {
    const cache = new VerifiedTokenCache<string>(2, () => 0);
    cache.set('a', 'alice', 10);
    cache.set('b', 'bob', 10);
    cache.set('c', 'carol', 10);

    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([
      undefined,
      'bob',
      'carol',
      2,
    ]);
  });
});
