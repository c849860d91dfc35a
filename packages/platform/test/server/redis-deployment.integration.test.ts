import { createPlatform, LOGIN_LIMITS } from '../../src';
import type { Platform, PlatformEvent } from '../../src';
import { callAdmin } from '../helpers/admin-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

const redisUrl = process.env.REDIS_URL;
const postgres = availableServers().find(server => server.name === 'PostgreSQL');

describeOrSkip(
  missingEnv('POSTGRES_URL', 'REDIS_URL'),
  'a deployment of several processes through Redis',
  () => {
    let first: TestPlatform;
    let second: Platform;
    let other: TestPlatform;

    beforeAll(async () => {
      first = await startTestPlatform(postgres!, { redisUrl });
      second = await createPlatform({
        port: 0,
        logger: () => undefined,
        database: first.database.options,
        redisUrl,
      });
      // Another deployment (its own database) on the same Redis.
      other = await startTestPlatform(postgres!, { redisUrl });
    });

    afterAll(async () => {
      await second?.close();
      await first?.stop();
      await other?.stop();
    });

    it('counts failed logins across its processes: the limit reached on one holds on the other', async () => {
      const { adminEmail, adminPassword } = first.platform.bootstrap!;
      const login = (platform: Platform, password: string) =>
        callAdmin(platform.url, 'POST', '/api/admin/session', { email: adminEmail, password });

      for (let attempt = 0; attempt < LOGIN_LIMITS.perEmailAndIp; attempt += 1) {
        expect((await login(first.platform, `wrong password ${attempt}`)).status).toBe(401);
      }

      const refused = await login(second, adminPassword);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // The other deployment keeps its own counters.
      const { bootstrap } = other.platform;
      const elsewhere = await callAdmin(other.platform.url, 'POST', '/api/admin/session', {
        email: bootstrap!.adminEmail,
        password: bootstrap!.adminPassword,
      });
      expect(elsewhere.status).toBe(200);
    });

    it('keeps its events on its own channel', async () => {
      const event: PlatformEvent = { environmentId: 1, name: 'refresh-roles', data: {} };
      const seenHere: PlatformEvent[] = [];
      const seenElsewhere: PlatformEvent[] = [];
      const stopHere = second.context.events.subscribe(received => seenHere.push(received));
      const stopElsewhere = other.platform.context.events.subscribe(received =>
        seenElsewhere.push(received),
      );
      try {
        await first.platform.context.events.publish(event);
        // A marker on the other deployment: once it arrived there, the first event would have too.
        await other.platform.context.events.publish({ ...event, environmentId: 99 });
        while (seenHere.length === 0 || seenElsewhere.length === 0) {
          await new Promise(resolve => setTimeout(resolve, 10));
        }

        expect(seenHere).toEqual([event]);
        expect(seenElsewhere).toEqual([{ ...event, environmentId: 99 }]);
      } finally {
        stopHere();
        stopElsewhere();
      }
    });
  },
);
