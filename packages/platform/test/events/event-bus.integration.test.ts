import { createMemoryEventBus, createRedisEventBus, EVENTS_CHANNEL } from '../../src';
import type { PlatformEvent, PlatformEventBus } from '../../src';
import { Redis } from 'ioredis';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

const event: PlatformEvent = {
  environmentId: 7,
  name: 'refresh-renderings',
  data: { renderingIds: [3] },
};

function nextEvent(bus: PlatformEventBus): Promise<PlatformEvent> {
  return new Promise(resolve => {
    const stop = bus.subscribe(received => {
      stop();
      resolve(received);
    });
  });
}

describe('createMemoryEventBus', () => {
  it('hands an event to every listener until they stop listening', async () => {
    const bus = createMemoryEventBus();
    const seen: PlatformEvent[] = [];
    const stop = bus.subscribe(received => seen.push(received));

    await bus.publish(event);
    stop();
    await bus.publish(event);

    expect(seen).toEqual([event]);
    await bus.close();
  });
});

const redisUrl = process.env.REDIS_URL;

describeOrSkip(missingEnv('REDIS_URL'), 'createRedisEventBus', () => {
  it('carries an event from one process to another', async () => {
    const one = await createRedisEventBus(redisUrl!);
    const other = await createRedisEventBus(redisUrl!);
    try {
      const received = nextEvent(other);
      await one.publish(event);

      expect(await received).toEqual(event);
    } finally {
      await one.close();
      await other.close();
    }
  });

  it('ignores malformed messages on its channel', async () => {
    const warnings: string[] = [];
    const bus = await createRedisEventBus(redisUrl!, (level, message) => {
      if (level === 'Warn') warnings.push(message);
    });
    const raw = new Redis(redisUrl!);
    try {
      const received = nextEvent(bus);
      await raw.publish(EVENTS_CHANNEL, '{"environmentId":"1; DROP","name":"refresh-roles"}');
      await raw.publish(EVENTS_CHANNEL, 'not json');
      await bus.publish(event);

      expect(await received).toEqual(event);
      expect(warnings).toHaveLength(2);
    } finally {
      raw.disconnect();
      await bus.close();
    }
  });

  it('fails to start on an unreachable Redis', async () => {
    await expect(createRedisEventBus('redis://127.0.0.1:1')).rejects.toThrow();
  });
});
