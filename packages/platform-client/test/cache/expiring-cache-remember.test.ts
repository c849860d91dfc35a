import { ExpiringCache } from '../../src/cache/expiring-cache';

describe('ExpiringCache.remember', () => {
  it('shares one fetch between callers until the TTL has passed', async () => {
    let now = 100;
    const cache = new ExpiringCache<Promise<number>>(10, () => now);
    let fetches = 0;
    const fetch = async () => (fetches += 1);

    const [first, second] = await Promise.all([
      cache.remember('k', 0.5, fetch),
      cache.remember('k', 0.5, fetch),
    ]);
    now = 100.4;
    const third = await cache.remember('k', 0.5, fetch);
    now = 100.5;
    const fourth = await cache.remember('k', 0.5, fetch);

    expect([first, second, third, fourth]).toEqual([1, 1, 1, 2]);
  });

  it('drops a failed fetch at once, but not a value stored again meanwhile', async () => {
    const cache = new ExpiringCache<Promise<string>>(10, () => 0);
    let fail: (error: Error) => void = () => undefined;
    const failing = cache.remember('k', 60, () => new Promise((_, reject) => (fail = reject)));
    cache.clear();
    const replaced = cache.remember('k', 60, async () => 'fresh');
    fail(new Error('down'));
    await expect(failing).rejects.toThrow('down');

    expect(cache.get('k')).toBe(replaced);
    cache.delete('k');
    const failed = cache.remember('k', 60, async () => Promise.reject(new Error('down')));
    await expect(failed).rejects.toThrow('down');
    expect(cache.get('k')).toBeUndefined();
  });
});
