import { createPlatform } from '../../src';
import type { Platform } from '../../src';
import { loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { publicApiClient } from '../helpers/public-api-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

const redisUrl = process.env.REDIS_URL;
const postgres = availableServers().find(server => server.name === 'PostgreSQL');
const PER_MINUTE = 7;

// Two platform processes of one deployment (one PostgreSQL database, one Redis): the public
// API's counters and token states are the deployment's, not a process's.
describeOrSkip(
  missingEnv('POSTGRES_URL', 'REDIS_URL'),
  'the public API of a deployment of two processes',
  () => {
    let first: TestPlatform;
    let second: Platform;
    let admin: AdminClient;
    let path: string;

    const rateLimits = { perMinute: PER_MINUTE, perHour: 1000, perDay: 10_000 };
    const createToken = async (name: string) => {
      const projectId = first.platform.bootstrap!.project.id;
      const created = await admin.call('POST', `/api/admin/projects/${projectId}/api-tokens`, {
        name,
        level: 'read-only',
        scopes: ['admin_logs:read'],
      });
      expect(created.status).toBe(201);

      return { value: created.body.token as string, id: created.body.apiToken.id as number };
    };

    beforeAll(async () => {
      first = await startTestPlatform(postgres!, { redisUrl, publicApiRateLimits: rateLimits });
      second = await createPlatform({
        port: 0,
        logger: () => undefined,
        database: first.database.options,
        redisUrl,
        publicApiRateLimits: rateLimits,
      });
      admin = await loginBootstrapAdmin(first.platform);
      path = `/v1/project/${encodeURIComponent(first.platform.bootstrap!.project.name)}/admin-logs`;
    });
    afterAll(async () => {
      await second?.close();
      await first?.stop();
    });

    it('lets exactly the per-minute limit through when 10× that is fired at both processes', async () => {
      const token = await createToken('load');
      const other = await createToken('bystander');
      const calls = [publicApiClient(first.platform.url), publicApiClient(second.url)];

      const answers = await Promise.all(
        Array.from({ length: PER_MINUTE * 10 }, (_, i) => calls[i % 2]!('GET', path, token.value)),
      );

      const passed = answers.filter(answer => answer.status === 200);
      const refused = answers.filter(answer => answer.status === 429);
      expect(passed).toHaveLength(PER_MINUTE);
      expect(refused).toHaveLength(PER_MINUTE * 9);
      // Truthful headers: each success saw its own remaining count, each refusal 0 and a wait.
      expect(
        passed.map(answer => Number(answer.headers.get('x-ratelimit-remaining'))).sort(),
      ).toEqual(Array.from({ length: PER_MINUTE }, (_, i) => i));
      for (const answer of [...passed, ...refused]) {
        expect(answer.headers.get('x-ratelimit-limit')).toBe(String(PER_MINUTE));
        expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      }
      for (const answer of refused) {
        expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.body).toMatchObject({ error: 'Too Many Requests' });
      }
      // Another token has its own counter, on either process.
      expect((await calls[1]!('GET', path, other.value)).status).toBe(200);
    });

    it('refuses a token revoked through one process on the next request to the other', async () => {
      const token = await createToken('revoked');
      const call = publicApiClient(second.url);
      expect((await call('GET', path, token.value)).status).toBe(200);

      const projectId = first.platform.bootstrap!.project.id;
      expect(
        (await admin.call('DELETE', `/api/admin/projects/${projectId}/api-tokens/${token.id}`))
          .status,
      ).toBe(204);

      expect((await call('GET', path, token.value)).status).toBe(401);
    });
  },
);
