import { createHmac } from 'node:crypto';

import type { Logger } from '@grove/datasource-toolkit';

import type { PublicApiOptions, PublicApiRateLimits } from './public-api-options';
import type { RateLimitWindow } from './rate-limits/rate-limit-window';
import type { PublicApiStore } from './store/public-api-store';

/**
 * The vendor's per-token defaults (docs/public-api.md#rate-limits), 60/min per webhook, 120/min per
 * IP.
 *
 * @example
 * ```ts
 * createPublicApiRouter({ ...options, rateLimits: { perMinute: DEFAULT_RATE_LIMITS.perMinute * 2 } });
 * ```
 */
export const DEFAULT_RATE_LIMITS: PublicApiRateLimits = {
  perMinute: 60,
  perHour: 1000,
  perDay: 10000,
  perWebhookPerMinute: 60,
  perIpPerMinute: 120,
};

/**
 * Default largest note content, in characters (more is a 413 `content_too_large`).
 *
 * @example
 * ```ts
 * createPublicApiRouter({ ...options, maxNoteLength: DEFAULT_MAX_NOTE_LENGTH / 2 });
 * ```
 */
export const DEFAULT_MAX_NOTE_LENGTH = 10000;

/** What every route of the `/v1` router shares, built once by `createPublicApiRouter`. */
export interface PublicApiContext {
  readonly store: PublicApiStore;
  readonly logger: Logger | undefined;
  /** The public URL without trailing slashes. */
  readonly publicUrl: string;
  readonly webhookKey: Uint8Array;
  /** Signs list cursors, so a tampered cursor is a 400. */
  readonly cursorKey: Buffer;
  readonly maxNoteLength: number;
  /** Largest JSON body of the note routes, in bytes. */
  readonly noteBodyLimit: number;
  readonly limits: PublicApiRateLimits;
  /** Minute, hour and day windows per token, tightest first. */
  readonly tokenWindows: readonly RateLimitWindow[];
  /** Per IP, for requests that have no valid token yet (and the OpenAPI document). */
  readonly ipWindow: RateLimitWindow;
  readonly webhookWindow: RateLimitWindow;
  /** Records that a token was used, at most once a minute per token in this process. */
  readonly touchToken: (tokenId: string) => void;
}

const TOUCH_INTERVAL_MS = 60_000;

/** Resolves the options into the shared context (limiters are made once here). */
export function createPublicApiContext(options: PublicApiOptions): PublicApiContext {
  const limits: PublicApiRateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const maxNoteLength = options.maxNoteLength ?? DEFAULT_MAX_NOTE_LENGTH;
  const window = (prefix: string, points: number, seconds: number): RateLimitWindow => ({
    limiter: options.rateLimiter(`grove-public-api:${prefix}`, points, seconds),
    points,
  });
  const touchedAt = new Map<string, number>();
  const { store, logger } = options;

  return {
    store,
    logger,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    webhookKey: options.webhookKey,
    cursorKey: createHmac('sha256', options.webhookKey).update('grove-public-api-cursor').digest(),
    maxNoteLength,
    // JSON may escape every character as \uXXXX (6 bytes), plus room for the other fields.
    noteBodyLimit: maxNoteLength * 6 + 16 * 1024,
    limits,
    tokenWindows: [
      window('token-minute', limits.perMinute, 60),
      window('token-hour', limits.perHour, 3600),
      window('token-day', limits.perDay, 86400),
    ],
    ipWindow: window('ip-minute', limits.perIpPerMinute, 60),
    webhookWindow: window('webhook-minute', limits.perWebhookPerMinute, 60),
    touchToken: tokenId => {
      const now = Date.now();
      const last = touchedAt.get(tokenId);
      if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
      // Marked before the write so that concurrent requests of one token touch it once.
      touchedAt.set(tokenId, now);
      store.touchToken(tokenId, new Date(now)).catch((error: unknown) => {
        logger?.('Warn', 'Public API: could not record the use of a token', error);
      });
    },
  };
}
