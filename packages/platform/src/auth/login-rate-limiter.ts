import type { RateLimiterFactory } from './rate-limiter-factory';

/** How many failed logins are allowed: per email and address in 15 minutes, per address a day. */
export const LOGIN_LIMITS = { perEmailAndIp: 10, perIp: 100 } as const;

/** Failed logins, counted per address and email and per address. */
export interface LoginRateLimiter {
  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(ip: string, email: string): Promise<number>;
  /** Counts a failed attempt. */
  recordFailure(ip: string, email: string): Promise<void>;
  /** Forgets the failures of this email from this address after a successful login. */
  reset(ip: string, email: string): Promise<void>;
}

/**
 * The one limiter of failed logins, shared by every door that checks a password (the console's
 * `/api/admin/session` and the OpenID provider's login page): a guesser gets one budget, not one
 * per door. After {@link LOGIN_LIMITS} failures, attempts are refused without checking the
 * password until the window ends. Counters live in Redis when the platform has one (every
 * process of the deployment counts together), else in the process's memory.
 *
 * @example
 * ```ts
 * const limiter = createLoginRateLimiter(rateLimiterFactory({ client: redis, deploymentId }));
 * if (await limiter.retryAfter(req.ip, email)) throw tooManyAttempts();
 * ```
 */
export function createLoginRateLimiter(limiter: RateLimiterFactory): LoginRateLimiter {
  const byEmailAndIp = limiter('login-email-ip', LOGIN_LIMITS.perEmailAndIp, 15 * 60);
  const byIp = limiter('login-ip', LOGIN_LIMITS.perIp, 24 * 60 * 60);
  const emailKey = (ip: string, email: string) => JSON.stringify([ip, email.toLowerCase()]);

  return {
    async retryAfter(ip, email) {
      const [emailState, ipState] = await Promise.all([
        byEmailAndIp.get(emailKey(ip, email)),
        byIp.get(ip),
      ]);
      const waits = [
        [emailState, LOGIN_LIMITS.perEmailAndIp],
        [ipState, LOGIN_LIMITS.perIp],
      ] as const;
      let wait = 0;
      for (const [state, limit] of waits) {
        if (state && state.consumedPoints >= limit) {
          wait = Math.max(wait, Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
        }
      }

      return wait;
    },
    async recordFailure(ip, email) {
      // Over the limit, consume() rejects with the limiter's state: the attempt is already
      // refused, nothing more to count.
      await Promise.all([
        byEmailAndIp.consume(emailKey(ip, email)).catch(() => undefined),
        byIp.consume(ip).catch(() => undefined),
      ]);
    },
    async reset(ip, email) {
      await byEmailAndIp.delete(emailKey(ip, email));
    },
  };
}
