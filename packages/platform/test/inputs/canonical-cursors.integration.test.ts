import { expectNothingChanged, loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient, AdminResponse } from '../helpers/admin-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Every other spelling of a base64url text that Node decodes to the same bytes: the last
 * character with other unused low bits. Empty when the text's length leaves no unused bits.
 */
function sameBytesSpellings(text: string): string[] {
  const last = text.at(-1)!;
  const head = text.slice(0, -1);
  const bytes = Buffer.from(text, 'base64url');

  return [...ALPHABET]
    .filter(char => char !== last)
    .map(char => `${head}${char}`)
    .filter(other => Buffer.from(other, 'base64url').equals(bytes));
}

// Issue 35, "Inputs": a cursor is read in its one canonical spelling, on both lists that page.
describe.each(availableServers())(
  'cursors are compared in their canonical form on $name',
  server => {
    let test: TestPlatform;
    let admin: AdminClient;
    let projectId: number;
    let token: string;

    beforeAll(async () => {
      test = await startTestPlatform(server);
      admin = await loginBootstrapAdmin(test.platform);
      projectId = test.platform.bootstrap!.project.id;
      for (const name of ['Alpha', 'Beta', 'Gamma']) {
        expect(
          (await admin.call('POST', `/api/admin/projects/${projectId}/teams`, { name })).status,
        ).toBe(201);
      }
      const created = await admin.call('POST', `/api/admin/projects/${projectId}/api-tokens`, {
        name: 'cursor test',
        level: 'read-write',
        scopes: ['all'],
      });
      expect(created.status).toBe(201);
      token = created.body.token as string;
    });
    afterAll(() => test.stop());

    const v1 = (query: string) =>
      fetch(
        `${test.platform.url}/v1/project/${encodeURIComponent(test.platform.bootstrap!.project.name)}/admin-logs${query}`,
        { headers: { authorization: `Bearer ${token}` } },
      ).then(async response => ({
        status: response.status,
        body: (await response.json()) as AdminResponse['body'],
      }));

    it('the public API refuses a cursor whose signature’s last character was edited (400), and pages with the real one', async () => {
      const first = await v1('?limit=1');
      expect(first.status).toBe(200);
      const cursor = first.body.nextCursor as string;
      const signature = cursor.split('.')[1]!;
      const forged = sameBytesSpellings(signature).map(other => `${cursor.split('.')[0]}.${other}`);
      expect(forged).toHaveLength(15);

      await expectNothingChanged(test.platform, async () => {
        for (const other of forged) {
          const answer = await v1(`?limit=1&cursor=${other}`);
          expect([answer.status, answer.body.error, answer.body.message]).toEqual([
            400,
            'Bad Request',
            expect.stringContaining('cursor is invalid'),
          ]);
        }
      });
      const second = await v1(`?limit=1&cursor=${cursor}`);
      expect(second.status).toBe(200);
      expect(second.body.data[0].id).not.toEqual(first.body.data[0].id);
    });

    it('the admin API refuses a log cursor whose last character was edited (400), and pages with the real one', async () => {
      const path = `/api/admin/projects/${projectId}/admin-logs`;
      const first = await admin.call('GET', `${path}?limit=1`);
      expect(first.status).toBe(200);
      const cursor = first.body.meta.nextCursor as string;
      const forged = sameBytesSpellings(cursor);
      // `createdAt|id` of a few digits: the length leaves unused bits in the last character.
      expect(forged.length).toBeGreaterThan(0);

      await expectNothingChanged(test.platform, async () => {
        for (const other of forged) {
          const answer = await admin.call('GET', `${path}?limit=1&cursor=${other}`);
          expect([answer.status, answer.body.errors?.[0]?.code]).toEqual([400, 'ValidationError']);
        }
      });
      const second = await admin.call('GET', `${path}?limit=1&cursor=${cursor}`);
      expect(second.status).toBe(200);
      expect(second.body.data[0].id).not.toEqual(first.body.data[0].id);
    });
  },
);
