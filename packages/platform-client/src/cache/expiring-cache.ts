/**
 * Values by a string key (a token's text, or what a token is signed from) until an instant, at
 * most `capacity` of them: the one cache of the platform's clients. Used for tokens whose
 * checking or signing costs more than the request around it (the agent's verified session
 * tokens, the MCP server's verified access tokens and its signed delegated tokens), and, through
 * {@link ExpiringCache.remember}, for platform answers kept a while (the permissions, the MCP
 * server's user info). A caller stores only what it verified (or signed); an entry is dropped
 * once its expiry second is reached (the instant `jwtVerify` starts refusing a token whose `exp`
 * it is), and the oldest entry is dropped beyond `capacity` (keys are unbounded, memory is not).
 *
 * @example
 * ```ts
 * const verified = new ExpiringCache<AgentUser>(1000);
 * verified.set(token, user, claims.exp);
 * verified.get(token); // user, until `exp`
 * ```
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { readonly value: T; readonly exp: number }>();

  /**
   * @param capacity - The most entries held at once.
   * @param now - The clock, in seconds since the epoch, fractions included (tests pass their own).
   */
  constructor(
    private readonly capacity: number,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** The value stored for a key that has not expired yet, else undefined. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // As jose does: a token is expired from the second of its `exp`.
    if (entry.exp <= this.now()) {
      this.entries.delete(key);

      return undefined;
    }

    return entry.value;
  }

  /**
   * Stores a value until `exp` (seconds since the epoch); without a finite numeric `exp`, or with
   * one already reached, nothing is stored.
   */
  set(key: string, value: T, exp: unknown): void {
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= this.now()) return;
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, exp });
  }

  /**
   * The pending or settled value of a key, else the one `fetch` starts, kept `ttlSeconds`:
   * concurrent callers share one fetch, and a fetch that fails is dropped at once (unless the key
   * was stored again meanwhile) so that the next caller tries again.
   *
   * @example
   * ```ts
   * const users = new ExpiringCache<Promise<User[]>>(1);
   * await users.remember('users', 900, () => getUsers(http));
   * ```
   */
  remember<V>(
    this: ExpiringCache<Promise<V>>,
    key: string,
    ttlSeconds: number,
    fetch: () => Promise<V>,
  ): Promise<V> {
    const cached = this.get(key);
    if (cached) return cached;
    const pending = fetch();
    this.set(key, pending, this.now() + ttlSeconds);
    pending.catch(() => {
      if (this.entries.get(key)?.value === pending) this.entries.delete(key);
    });

    return pending;
  }

  /** Forgets a key. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every key. */
  clear(): void {
    this.entries.clear();
  }

  /** How many entries are held (expired ones included until they are read or pushed out). */
  get size(): number {
    return this.entries.size;
  }
}
