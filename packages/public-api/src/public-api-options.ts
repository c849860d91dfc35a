import type { Logger } from '@grove/datasource-toolkit';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

import type { PublicApiStore } from './store/public-api-store';

/**
 * Makes a limiter of `points` per key in `durationSeconds`, named by `keyPrefix`.
 *
 * @example
 * ```ts
 * const rateLimiter: PublicApiRateLimiterFactory = (keyPrefix, points, duration) =>
 *   new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration });
 * ```
 */
export type PublicApiRateLimiterFactory = (
  keyPrefix: string,
  points: number,
  durationSeconds: number,
) => RateLimiterAbstract;

/**
 * Requests a token may make per minute, hour and day (docs/public-api.md#rate-limits; vendor
 * defaults 60/1,000/10,000).
 *
 * @example
 * ```ts
 * const enterprise: Partial<PublicApiRateLimits> = { perMinute: 600, perHour: 10000 };
 * ```
 */
export interface PublicApiRateLimits {
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
  /** Calls of one workflow's webhook URL per minute, whatever the token (default 60). */
  readonly perWebhookPerMinute: number;
  /**
   * Requests per minute of one IP address that do not (yet) carry a valid token (default 120):
   * garbage tokens cannot hammer the store. A request whose token turns out valid gives its
   * point back. Also the limit of `GET /v1/openapi.json` per IP.
   */
  readonly perIpPerMinute: number;
}

/**
 * Options of `createPublicApiRouter`.
 *
 * @example
 * ```ts
 * const options: PublicApiOptions = {
 *   store,
 *   rateLimiter: (keyPrefix, points, duration) =>
 *     new RateLimiterMemory({ keyPrefix, points, duration }),
 *   webhookKey,
 *   publicUrl: 'https://grove.example.com',
 * };
 * ```
 */
export interface PublicApiOptions {
  /** Where the data lives (the platform's implementation). */
  readonly store: PublicApiStore;
  /**
   * Makes the rate limiters: in memory for one process, in Redis so that several processes
   * share their counters (the platform passes its own factory).
   */
  readonly rateLimiter: PublicApiRateLimiterFactory;
  /** Defaults: 60/min, 1,000/h, 10,000/day per token; 60/min per webhook; 120/min per IP. */
  readonly rateLimits?: Partial<PublicApiRateLimits>;
  /** The HMAC-SHA256 key of workflow webhook URLs (32 random bytes, kept by the platform). */
  readonly webhookKey: Uint8Array;
  /** The public URL the API is served under (for `Location` headers and the OpenAPI `servers`). */
  readonly publicUrl: string;
  /** Largest note content, in characters (default 10,000; more is a 413). */
  readonly maxNoteLength?: number;
  readonly logger?: Logger;
}
