import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Failed sign-ins counted per IP address and email. */
export interface LoginRateLimiter {
  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(ip: string, email: string): Promise<number>;
  /** Counts a failed attempt. */
  recordFailure(ip: string, email: string): Promise<void>;
  /** Forgets the failures after a successful sign-in. */
  reset(ip: string, email: string): Promise<void>;
}

/** How many failures are allowed in how long. */
export interface LoginRateLimiterOptions {
  /** Default 5. */
  readonly maxFailures?: number;
  /** Default 15 minutes. */
  readonly windowSeconds?: number;
}

/**
 * Limits failed sign-ins per (IP, email) with rate-limiter-flexible: after `maxFailures` failures
 * in `windowSeconds`, further attempts are refused until the window ends (without checking the
 * password, so a guesser learns nothing). Counters live in the process's memory.
 *
 * @example
 * ```ts
 * const limiter = createLoginRateLimiter();
 * if (await limiter.retryAfter(req.ip, email)) return tooManyAttempts();
 * ```
 */
export function createLoginRateLimiter(options: LoginRateLimiterOptions = {}): LoginRateLimiter {
  const maxFailures = options.maxFailures ?? 5;
  const limiter = new RateLimiterMemory({
    points: maxFailures,
    duration: options.windowSeconds ?? 15 * 60,
  });
  const key = (ip: string, email: string) => JSON.stringify([ip, email]);

  return {
    async retryAfter(ip, email) {
      const state = await limiter.get(key(ip, email));

      return state && state.consumedPoints >= maxFailures
        ? Math.max(1, Math.ceil(state.msBeforeNext / 1000))
        : 0;
    },
    async recordFailure(ip, email) {
      // Over the limit, consume() rejects with the limiter's state: the attempt is already
      // refused, nothing more to do.
      await limiter.consume(key(ip, email)).catch(() => undefined);
    },
    async reset(ip, email) {
      await limiter.delete(key(ip, email));
    },
  };
}
