import type { Redis } from 'ioredis';
import type { Logger } from '@grove/datasource-toolkit';

import { connectRedis } from '../redis/connect-redis';
import type { PlatformEvent, PlatformEventBus, PlatformEventListener } from './platform-event-bus';

/**
 * The prefix of the Redis channel the platform processes of a deployment publish to and listen
 * on; `createPlatform` adds the deployment's id (from its database), so that deployments sharing
 * one Redis never see each other's events.
 */
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
 * @param channel - the deployment's channel (default {@link EVENTS_CHANNEL})
 * @example
 * ```ts
 * const bus = await createRedisEventBus('redis://127.0.0.1:6379');
 * bus.subscribe(event => streams.send(event));
 * ```
 */
export async function createRedisEventBus(
  url: string,
  logger?: Logger,
  channel: string = EVENTS_CHANNEL,
): Promise<PlatformEventBus> {
  const publisher = await connectRedis(url, logger, 'events');
  let subscriber: Redis;
  try {
    subscriber = await connectRedis(url, logger, 'event subscription');
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    throw error;
  }
  const listeners = new Set<PlatformEventListener>();

  subscriber.on('message', (received: string, message: string) => {
    if (received !== channel) return;
    const event = parseEvent(message);
    if (event === undefined) {
      logger?.('Warn', 'Redis event bus: ignored a malformed message');

      return;
    }
    for (const listener of [...listeners]) listener(event);
  });

  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
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
