import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

import type { RateLimiterFactory } from './rate-limiter-factory';

/** How many login attempts are allowed: per email and address in 15 minutes, per address a day. */
export const LOGIN_LIMITS = { perEmailAndIp: 10, perIp: 100 } as const;

/** Login attempts, counted per address and email and per address before any password is checked. */
export interface LoginRateLimiter {
  /**
   * Counts one attempt, atomically, before the password is checked: 0 when the attempt may go
   * on, else the seconds to wait (the attempt is refused without checking the password).
   */
  attempt(ip: string, email: string): Promise<number>;
  /**
   * After a right password: forgets the attempts of this email from this address and gives the
   * address its point back (successful logins do not use up an address's budget).
   */
  succeeded(ip: string, email: string): Promise<void>;
}

/** Seconds until a limiter's window frees a point, at least 1. */
const secondsOf = (state: RateLimiterRes) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));

/** Consumes a point: 0 when allowed, else the seconds to wait (other errors are rethrown). */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);

    return 0;
  } catch (error) {
    // Over the limit, rate-limiter-flexible rejects with its state (not an Error).
    if (error instanceof Error) throw error;

    return secondsOf(error as RateLimiterRes);
  }
}

/**
 * The one limiter of logins, shared by every door that checks a password (the console's
 * `/api/admin/session`, its password change and the OpenID provider's login page): a guesser
 * gets one budget, not one per door. Each attempt consumes a point BEFORE its password is
 * hashed (`consume` is atomic, in memory and in Redis), so parallel guesses cannot all pass a
 * check made before any of them failed (docs/decisions.md#d29-login-attempts-counted-first).
 * After {@link LOGIN_LIMITS} attempts, attempts are refused until the window ends; a right
 * password refunds. Counters live in Redis when the platform has one (every process of the
 * deployment counts together), else in the process's memory.
 *
 * @example
 * ```ts
 * const limiter = createLoginRateLimiter(rateLimiterFactory({ client: redis, deploymentId }));
 * if (await limiter.attempt(req.ip, email)) throw tooManyAttempts();
 * ```
 */
export function createLoginRateLimiter(limiter: RateLimiterFactory): LoginRateLimiter {
  const byEmailAndIp = limiter('login-email-ip', LOGIN_LIMITS.perEmailAndIp, 15 * 60);
  const byIp = limiter('login-ip', LOGIN_LIMITS.perIp, 24 * 60 * 60);
  const emailKey = (ip: string, email: string) => JSON.stringify([ip, email.trim().toLowerCase()]);

  return {
    async attempt(ip, email) {
      const key = emailKey(ip, email);
      // The email's budget first: guesses on one email past its limit do not use up the
      // address's budget (the other users behind that address can still log in).
      const emailWait = await consume(byEmailAndIp, key);
      if (emailWait > 0) return emailWait;
      const ipWait = await consume(byIp, ip);
      if (ipWait > 0) await byEmailAndIp.reward(key, 1);

      return ipWait;
    },
    async succeeded(ip, email) {
      await Promise.all([byEmailAndIp.delete(emailKey(ip, email)), byIp.reward(ip, 1)]);
    },
  };
}
