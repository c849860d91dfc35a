import type { Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

import { PublicApiError } from '../http/public-api-error';

/** One counter: `points` requests per key in its window. */
export interface RateLimitWindow {
  readonly limiter: RateLimiterAbstract;
  readonly points: number;
}

/** Where a key stands in one window after a request was counted. */
export interface RateLimitState {
  readonly points: number;
  readonly remaining: number;
  /** When the window resets, epoch milliseconds. */
  readonly resetAt: number;
}

function stateOf(window: RateLimitWindow, result: RateLimiterRes, now: number): RateLimitState {
  return {
    points: window.points,
    remaining: Math.max(0, result.remainingPoints),
    resetAt: now + Math.max(0, result.msBeforeNext),
  };
}

/** The window a client should watch: fewest requests left, then the smallest quota. */
function tightest(states: readonly RateLimitState[]): RateLimitState | undefined {
  return [...states].sort((a, b) => a.remaining - b.remaining || a.points - b.points)[0];
}

/**
 * Writes `X-RateLimit-Limit`, `-Remaining` and `-Reset` (epoch seconds) of the tightest window.
 */
export function setRateLimitHeaders(res: Response, states: readonly RateLimitState[]): void {
  const state = tightest(states);
  if (state === undefined) return;
  res.setHeader('X-RateLimit-Limit', String(state.points));
  res.setHeader('X-RateLimit-Remaining', String(state.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(state.resetAt / 1000)));
}

/** The 429 of docs/public-api.md#rate-limits, with `Retry-After` and the exhausted window's headers. */
function rateLimited(state: RateLimitState, now: number): PublicApiError {
  const retryAfter = Math.max(1, Math.ceil((state.resetAt - now) / 1000));

  return new PublicApiError(
    'rate_limited',
    `Rate limit exceeded. Please retry after ${retryAfter} seconds.`,
    {
      extra: { retry_after: retryAfter },
      headers: {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': String(state.points),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(state.resetAt / 1000)),
      },
    },
  );
}

/**
 * Counts one request of `key` in each window, in order, and stops at the first that is
 * exhausted (so a refused request does not eat the longer windows). Counting is the limiter's
 * atomic `consume`: concurrent requests, even across processes sharing Redis, never over-admit.
 * Throws the 429 (docs/public-api.md#rate-limits) when a window is exhausted.
 */
export async function consumeWindows(
  windows: readonly RateLimitWindow[],
  key: string,
): Promise<RateLimitState[]> {
  const states: RateLimitState[] = [];
  for (const window of windows) {
    try {
      const result = await window.limiter.consume(key, 1);
      states.push(stateOf(window, result, Date.now()));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const now = Date.now();
      throw rateLimited(stateOf(window, error, now), now);
    }
  }

  return states;
}
