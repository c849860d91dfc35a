import { randomBytes, randomUUID } from 'node:crypto';

import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';

import type { PublicApiOptions } from '../src';
import { InMemoryPublicApiStore } from './support/in-memory-public-api-store';
import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

const redisUrl = process.env.REDIS_URL;

describeOrSkip(missingEnv('REDIS_URL'), 'rate limits shared through Redis', () => {
  let redis: Redis;
  let apis: TestApi[];

  beforeAll(async () => {
    redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  beforeEach(async () => {
    // One run, one namespace: counters of earlier runs never leak in.
    const run = randomUUID();
    const rateLimiter: PublicApiOptions['rateLimiter'] = (keyPrefix, points, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `test:${run}:${keyPrefix}`,
        points,
        duration,
      });
    const store = new InMemoryPublicApiStore();
    seedProjects(store);
    const webhookKey = randomBytes(32);
    const options = { store, rateLimiter, webhookKey, rateLimits: { perMinute: 7 } };
    apis = [await startTestApi(options), await startTestApi(options)];
  });
  afterEach(async () => {
    await Promise.all(apis.map(api => api.close()));
  });

  it('admits exactly the per-minute limit of 10× as many concurrent calls across two servers', async () => {
    const token = apis[0]!.store.addToken({}).value;
    const responses = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        apis[i % 2]!.call('GET', '/v1/project/Acme/admin-logs', { token }),
      ),
    );
    const admitted = responses.filter(r => r.status === 200);

    expect(admitted).toHaveLength(7);
    expect(responses.filter(r => r.status === 429)).toHaveLength(63);
    expect(admitted.map(r => r.headers.get('x-ratelimit-remaining')).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });
});
