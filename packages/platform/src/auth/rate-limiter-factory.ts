import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** Makes a limiter of `points` per key in `durationSeconds`, named by `keyPrefix`. */
export type RateLimiterFactory = (
  keyPrefix: string,
  points: number,
  durationSeconds: number,
) => RateLimiterAbstract;

/**
 * The platform's one way to make a rate limiter (`rate-limiter-flexible`): counters in Redis when
 * the platform has one, prefixed by the deployment's id (every process of a deployment counts
 * together, deployments sharing a Redis count apart), else in the process's memory.
 *
 * @example
 * ```ts
 * const limiter = rateLimiterFactory({ client: redis, deploymentId })('registrations', 30, 3600);
 * await limiter.consume(req.ip);
 * ```
 */
export function rateLimiterFactory(redis?: {
  readonly client: Redis;
  readonly deploymentId: string;
}): RateLimiterFactory {
  return (keyPrefix, points, duration) =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis.client,
          keyPrefix: `grove:${redis.deploymentId}:${keyPrefix}`,
          points,
          duration,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });
}
