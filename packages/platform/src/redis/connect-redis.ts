import type { Logger } from '@grove/datasource-toolkit';
import { Redis } from 'ioredis';

/**
 * A connected Redis client for one use (publishing, subscribing, counters). A first connection
 * that fails rejects (the platform refuses to start half-connected); a connection lost later is
 * retried for ever, with back-off, its errors logged as warnings.
 *
 * @example
 * ```ts
 * const counters = await connectRedis('redis://127.0.0.1:6379', logger, 'counters');
 * ```
 */
export async function connectRedis(
  url: string,
  logger: Logger | undefined,
  use: string,
): Promise<Redis> {
  let started = false;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => (started ? Math.min(times * 200, 2000) : null),
  });
  client.on('error', (error: Error) => logger?.('Warn', `Redis (${use}): ${error.message}`));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  started = true;

  return client;
}
