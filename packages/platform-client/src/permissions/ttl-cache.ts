interface Entry<T> {
  readonly promise: Promise<T>;
  readonly expiresAt: number;
}

/**
 * A keyed cache of async values with a time to live. Concurrent callers share the in-flight
 * fetch; a failed fetch is dropped at once so the next caller tries again.
 *
 * @example
 * ```ts
 * const cache = new TtlCache<User[]>(900);
 * const users = await cache.get('users', () => getUsers(http));
 * ```
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns the cached value of `key`, fetching it when missing or expired. */
  get(key: string, fetcher: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.promise;

    const promise = fetcher();
    const stored = { promise, expiresAt: this.now() + this.ttlSeconds * 1000 };
    this.entries.set(key, stored);
    promise.catch(() => {
      // Only drop our own entry: an invalidation may already have replaced it.
      if (this.entries.get(key) === stored) this.entries.delete(key);
    });

    return promise;
  }

  /** Drops one key, or every key when none is given. */
  delete(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
