import { Redis } from 'ioredis';
import type { Logger } from '@grove/datasource-toolkit';

import type { PlatformEvent, PlatformEventBus, PlatformEventListener } from './platform-event-bus';

/** The Redis channel every platform process of a deployment publishes to and listens on. */
export const EVENTS_CHANNEL = 'grove:platform:events';

const EVENT_NAMES = new Set([
  'refresh-users',
  'refresh-roles',
  'refresh-renderings',
  'refresh-customizations',
]);

function parseEvent(message: string): PlatformEvent | undefined {
  try {
    const event = JSON.parse(message) as Partial<PlatformEvent>;
    if (
      typeof event.environmentId === 'number' &&
      typeof event.name === 'string' &&
      EVENT_NAMES.has(event.name) &&
      typeof event.data === 'object' &&
      event.data !== null
    ) {
      return event as PlatformEvent;
    }
  } catch {
    // Not ours: ignored below.
  }

  return undefined;
}

/**
 * The event bus of a deployment with several platform processes: every event goes through one
 * Redis channel, so an admin change made on one process reaches the agents subscribed to any
 * other. A process also receives its own events back from Redis (one path for all).
 *
 * @param url - `redis://host:port/db` (`GROVE_REDIS_URL`)
 * @example
 * ```ts
 * const bus = await createRedisEventBus('redis://127.0.0.1:6379');
 * bus.subscribe(event => streams.send(event));
 * ```
 */
export async function createRedisEventBus(url: string, logger?: Logger): Promise<PlatformEventBus> {
  // A first connection that fails fails the start; a lost connection is retried for ever.
  let started = false;
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => (started ? Math.min(times * 200, 2000) : null),
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const listeners = new Set<PlatformEventListener>();
  const onError = (error: Error) => logger?.('Warn', `Redis event bus: ${error.message}`);
  publisher.on('error', onError);
  subscriber.on('error', onError);

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(EVENTS_CHANNEL);
    started = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== EVENTS_CHANNEL) return;
    const event = parseEvent(message);
    if (event === undefined) {
      logger?.('Warn', 'Redis event bus: ignored a malformed message');

      return;
    }
    for (const listener of [...listeners]) listener(event);
  });

  return {
    async publish(event) {
      await publisher.publish(EVENTS_CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.add(listener);

      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
