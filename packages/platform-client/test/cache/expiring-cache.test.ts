import { ExpiringCache } from '../../src/cache/expiring-cache';

describe('ExpiringCache', () => {
  it('answers a stored key until the second of its exp', () => {
    let now = 1000;
    const cache = new ExpiringCache<string>(10, () => now);
    cache.set('token', 'alice', 1002);

    expect(cache.get('token')).toBe('alice');
    now = 1001;
    expect(cache.get('token')).toBe('alice');
    now = 1002;
    expect(cache.get('token')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store a key without a numeric exp, or with an exp already reached', () => {
    const cache = new ExpiringCache<string>(10, () => 100);
    cache.set('a', 'alice', undefined);
    cache.set('b', 'bob', '999');
    cache.set('c', 'carol', Number.POSITIVE_INFINITY);
    cache.set('d', 'dave', 100);

    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d'), cache.size]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      0,
    ]);
  });

  it('drops the oldest key beyond its capacity', () => {
    const cache = new ExpiringCache<string>(2, () => 0);
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

  it('matches whole keys only: a key differing by one character is unknown', () => {
    const cache = new ExpiringCache<string>(10, () => 0);
    cache.set('header.payload.signature', 'alice', 10);

    expect(cache.get('header.payload.signaturf')).toBeUndefined();
    expect(cache.get('header.payload.signatur')).toBeUndefined();
    expect(cache.get('header.payload.signature')).toBe('alice');
  });

  it('forgets a deleted key', () => {
    const cache = new ExpiringCache<string>(10, () => 0);
    cache.set('a', 'alice', 10);
    cache.delete('a');

    expect([cache.get('a'), cache.size]).toEqual([undefined, 0]);
  });
});
