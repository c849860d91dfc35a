/**
 * Users of tokens already verified, by the token's text, until the token expires. Verifying an
 * HS256 token (HMAC, JSON and claim checks) costs more than the rest of a small read, and a UI
 * sends the same token with every request of a session. Only verified tokens are stored; an
 * entry is dropped once its `exp` is reached (the instant `jwtVerify` starts refusing it), and
 * the oldest entry is dropped beyond `capacity` (tokens are unbounded, memory is not).
 *
 * @example
 * ```ts
 * const cache = new VerifiedTokenCache<AgentUser>(1000);
 * cache.set(token, user, claims.exp);
 * cache.get(token); // user, until `exp`
 * ```
 */
export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, { readonly value: T; readonly exp: number }>();

  /**
   * @param capacity - The most tokens held at once.
   * @param now - The clock, in seconds since the epoch (tests pass their own).
   */
  constructor(
    private readonly capacity: number,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** The value stored for a token that has not expired yet, else undefined. */
  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // As jose does: a token is expired from the second of its `exp`.
    if (entry.exp <= this.now()) {
      this.entries.delete(token);

      return undefined;
    }

    return entry.value;
  }

  /** Stores the value of a verified token; a token without a numeric `exp` is not stored. */
  set(token: string, value: T, exp: unknown): void {
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
    this.entries.delete(token);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { value, exp });
  }

  /** How many tokens are held. */
  get size(): number {
    return this.entries.size;
  }
}
