import type {
  ActivityLogItem,
  AdminLogItem,
  ListOrder,
  PublicApiEnvironment,
  PublicApiStore,
} from '@grove/public-api';

import { createPlatformPublicApiStore } from '../../src';
import type { Platform } from '../../src';
import {
  addEnvironment,
  addMembership,
  addToken,
  addUser,
  countQueries,
} from '../helpers/public-api-fixtures';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

const BASE = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(BASE + seconds * 1000);

describe.each(availableServers())('the platform public API store on $name', server => {
  let test: TestPlatform;
  let platform: Platform;
  let store: PublicApiStore;
  let projectId: number;

  beforeAll(async () => {
    test = await startTestPlatform(server);
    platform = test.platform;
    store = createPlatformPublicApiStore(platform.context);
    projectId = platform.bootstrap!.project.id;
  });

  afterAll(async () => {
    await test.stop();
  });

  describe('tokens and environments', () => {
    it('finds a token with its owner standing, which follows the owner', async () => {
      const { models } = platform.context.db;
      const team = await models.Team.findOne({ where: { projectId } });
      const userId = await addUser(platform, 'owner@example.com', 'Grace', 'Hopper');
      await addMembership(platform, projectId, userId, 'Admin', [team!.id]);
      const { hash, id } = await addToken(platform, projectId, userId, { scopes: ['notes:read'] });

      const found = await store.findToken(hash);
      expect(found).toEqual({
        token: expect.objectContaining({
          id: String(id),
          projectId,
          projectName: 'My project',
          userId,
          level: 'read-write',
          scopes: ['notes:read'],
          revokedAt: null,
          expiresAt: null,
          lastUsedAt: null,
        }),
        owner: {
          id: userId,
          email: 'owner@example.com',
          firstName: 'Grace',
          lastName: 'Hopper',
          isProjectAdmin: true,
        },
      });
      expect(found!.token).not.toHaveProperty('tokenHash');

      // Demoted to Editor: no longer an Admin.
      const editor = await models.Role.findOne({ where: { projectId, name: 'Editor' } });
      await models.ProjectMember.update({ roleId: editor!.id }, { where: { projectId, userId } });
      expect((await store.findToken(hash))!.owner!.isProjectAdmin).toBe(false);

      // A custom role is not the Admin role.
      const fake = await models.Role.create({ projectId, name: 'Auditors', builtIn: false });
      await models.ProjectMember.update({ roleId: fake.id }, { where: { projectId, userId } });
      expect((await store.findToken(hash))!.owner!.isProjectAdmin).toBe(false);

      // Touched.
      const used = new Date('2026-05-01T00:00:00.000Z');
      await store.touchToken(String(id), used);
      expect((await store.findToken(hash))!.token.lastUsedAt).toEqual(used);

      // Removed from the project: no owner.
      await models.ProjectMember.destroy({ where: { projectId, userId } });
      expect(await store.findToken(hash)).toEqual({ token: expect.anything(), owner: null });

      // Deleted: the token goes with them.
      await models.User.destroy({ where: { id: userId } });
      expect(await store.findToken(hash)).toBeNull();
      expect(await models.ApiToken.count({ where: { id } })).toBe(0);
    });

    it('answers null for unknown or malformed hashes', async () => {
      expect(await store.findToken('0'.repeat(64))).toBeNull();
      expect(await store.findToken("' OR 1=1 --")).toBeNull();
    });

    it('finds environments by their exact, case-sensitive name', async () => {
      const environment = platform.bootstrap!.environment;
      expect(await store.findEnvironment(projectId, 'Development')).toEqual({
        id: environment.id,
        name: 'Development',
      });
      expect(await store.findEnvironment(projectId, 'development')).toBeNull();
      expect(await store.findEnvironment(projectId, 'DEVELOPMENT')).toBeNull();
      expect(await store.findEnvironment(projectId + 1000, 'Development')).toBeNull();
    });

    // Found by the platform fuzz suite (issue 35): a NUL in the path's name was a 500.
    it('answers null for a name with a NUL byte, which no environment can have', async () => {
      expect(await store.findEnvironment(projectId, 'Develop\u0000ment')).toBeNull();
      expect(await store.findEnvironment(projectId, '\u0000')).toBeNull();
    });
  });

  describe('activity logs', () => {
    // About 300 pages on each database: more than the default 5 s on a loaded machine.
    it('pages 1,000 logs sharing 10 timestamps by cursor without loss or duplicate', async () => {
      const environment = await addEnvironment(platform, projectId, 'Paging');
      const users = await Promise.all(
        [0, 1, 2].map(n => addUser(platform, `pager${n}@example.com`, 'Page', `R${n}`)),
      );
      // Ids do not follow time: timestamps are spread over the ids in a scrambled order.
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        environmentId: environment.id,
        userId: users[i % 3]!,
        userEmail: `pager${i % 3}@example.com`,
        action: 'read',
        status: 'completed',
        type: 'read' as const,
        teamName: 'Operations',
        createdAt: at((i * 7) % 10),
      }));
      await platform.context.db.models.ActivityLog.bulkCreate(rows);
      const stored = await platform.context.db.models.ActivityLog.findAll({
        where: { environmentId: environment.id },
      });
      const key = (row: { createdAt: Date; id: number }) => [row.createdAt.getTime(), row.id];
      const ascending = stored
        .map(row => key(row))
        .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)
        .map(([, id]) => String(id));

      for (const order of ['desc', 'asc'] as ListOrder[]) {
        for (const limit of [7, 100]) {
          const seen: ActivityLogItem[] = [];
          let page: readonly ActivityLogItem[];
          let pages = 0;
          do {
            const last = seen[seen.length - 1];
            page = await store.listActivityLogs({
              environment,
              limit,
              order,
              ...(last ? { after: { createdAt: new Date(last.createdAt), id: last.id } } : {}),
            });
            seen.push(...page);
            pages += 1;
          } while (page.length === limit && pages < 1000);

          const ids = seen.map(item => item.id);
          expect(new Set(ids).size).toBe(1000);
          expect(ids).toEqual(order === 'asc' ? ascending : [...ascending].reverse());
        }
      }
    }, 120_000);

    it('reads a bounded number of queries whatever the limit', async () => {
      const environment = (await store.findEnvironment(projectId, 'Paging'))!;
      const small = await countQueries(platform, () =>
        store.listActivityLogs({ environment, limit: 2, order: 'desc' }),
      );
      const large = await countQueries(platform, () =>
        store.listActivityLogs({ environment, limit: 100, order: 'desc' }),
      );
      expect(small).toBeLessThanOrEqual(2);
      expect(large).toBe(small);
    });

    describe('filters', () => {
      let environment: PublicApiEnvironment;
      let ada: number;
      let bob: number;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        environment = await addEnvironment(platform, projectId, 'Filters');
        ada = await addUser(platform, 'ada@example.com', 'Ada', 'Lovelace');
        bob = await addUser(platform, 'bob@example.com', 'Bob', 'Builder');
        const gone = await addUser(platform, 'gone@example.com', 'Gone', 'Soon');
        const { models } = platform.context.db;
        const base = { environmentId: environment.id, status: 'completed' };
        const logs = {
          a: {
            ...base,
            userId: ada,
            userEmail: 'ada@example.com',
            action: 'update',
            type: 'write' as const,
            source: 'ui',
            teamName: 'Operations',
            collectionName: 'books',
            recordIds: ['1', '2'],
            label: 'updated',
            createdAt: at(10),
          },
          b: {
            ...base,
            userId: bob,
            userEmail: 'bob@example.com',
            action: 'read',
            type: 'read' as const,
            source: 'api',
            teamName: 'Sales',
            collectionName: 'authors',
            recordIds: ['3'],
            createdAt: at(20),
          },
          c: {
            ...base,
            userId: gone,
            userEmail: 'gone@example.com',
            action: 'triggerWorkflow',
            type: 'write' as const,
            source: 'webhook',
            teamName: 'Operations',
            collectionName: 'books',
            recordIds: ['4|5'],
            status: 'pending',
            workflowRunId: '7d6c2a5e-0000-4000-8000-000000000001',
            workflowName: 'KYC',
            workflowStepName: 'Check',
            createdAt: at(30),
          },
          d: {
            ...base,
            userId: ada,
            userEmail: 'ada@example.com',
            action: 'delete',
            type: 'write' as const,
            source: 'mcp',
            teamName: 'Operations',
            collectionName: 'books',
            recordIds: ['12'],
            createdAt: at(40),
          },
        };
        for (const [name, log] of Object.entries(logs)) {
          ids[name] = String((await models.ActivityLog.create(log)).id);
        }
        await models.User.destroy({ where: { id: gone } });
      });

      const list = async (filters: object) =>
        (await store.listActivityLogs({ environment, limit: 100, order: 'asc', ...filters })).map(
          item => Object.keys(ids).find(name => ids[name] === item.id),
        );

      it('shows each log in the wire shape', async () => {
        const items = await store.listActivityLogs({ environment, limit: 100, order: 'desc' });
        expect(items.map(item => item.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
        expect(items[3]).toEqual({
          object: 'activityLog',
          id: ids.a,
          type: 'write',
          action: 'update',
          label: 'updated',
          recordIds: ['1', '2'],
          createdAt: '2026-03-01T10:00:10.000Z',
          user: { object: 'user', id: ada, username: 'Ada Lovelace', email: 'ada@example.com' },
          environment: { object: 'environment', name: 'Filters' },
          collection: { object: 'collection', name: 'books' },
          team: { object: 'team', name: 'Operations' },
          source: 'ui',
          status: 'completed',
        });
        // A deleted user: id 0 and the email copied into the log.
        expect(items[1]).toEqual({
          object: 'activityLog',
          id: ids.c,
          type: 'write',
          action: 'triggerWorkflow',
          recordIds: ['4|5'],
          createdAt: '2026-03-01T10:00:30.000Z',
          user: { object: 'user', id: 0, username: 'gone@example.com', email: 'gone@example.com' },
          environment: { object: 'environment', name: 'Filters' },
          collection: { object: 'collection', name: 'books' },
          team: { object: 'team', name: 'Operations' },
          workflow: {
            object: 'workflow',
            name: 'KYC',
            runId: '7d6c2a5e-0000-4000-8000-000000000001',
            stepName: 'Check',
          },
          source: 'webhook',
          status: 'pending',
        });
      });

      it.each([
        ['userEmail', { userEmail: 'ADA@example.com' }, ['a', 'd']],
        ['userEmail of a deleted user', { userEmail: 'gone@example.com' }, ['c']],
        ['userId', { userId: 0 }, []],
        ['teamName', { teamName: 'Sales' }, ['b']],
        ['teamName (case-sensitive)', { teamName: 'sales' }, []],
        ['collectionName', { collectionName: 'books' }, ['a', 'c', 'd']],
        ['recordId (whole ids only)', { recordId: '1' }, ['a']],
        ['recordId (packed)', { recordId: '4|5' }, ['c']],
        ['recordId (quotes are data)', { recordId: "1' OR '1'='1" }, []],
        ['actions', { actions: ['read', 'delete'] }, ['b', 'd']],
        ['type', { type: 'read' }, ['b']],
        ['sources', { sources: ['webhook', 'mcp'] }, ['c', 'd']],
        ['createdAt.eq', { createdAt: { eq: at(20) } }, ['b']],
        ['createdAt.lt', { createdAt: { lt: at(20) } }, ['a']],
        ['createdAt.lte', { createdAt: { lte: at(20) } }, ['a', 'b']],
        ['createdAt.gt', { createdAt: { gt: at(30) } }, ['d']],
        ['createdAt.gte and lt', { createdAt: { gte: at(20), lt: at(40) } }, ['b', 'c']],
        ['several at once', { collectionName: 'books', type: 'write', actions: ['delete'] }, ['d']],
      ])('filters by %s', async (_name, filters, expected) => {
        expect(await list(filters)).toEqual(expected);
      });

      it('filters by userId', async () => {
        expect(await list({ userId: ada })).toEqual(['a', 'd']);
        expect(await list({ userId: bob })).toEqual(['b']);
      });

      it('refuses a cursor that is not a row id', async () => {
        await expect(
          store.listActivityLogs({
            environment,
            limit: 10,
            order: 'desc',
            after: { createdAt: at(0), id: '1 OR 1=1' },
          }),
        ).rejects.toMatchObject({ code: 'ValidationError' });
      });

      it('shows a log without record ids, label nor team without those keys', async () => {
        const bare = await addEnvironment(platform, projectId, 'Bare');
        const { ActivityLog } = platform.context.db.models;
        const log = await ActivityLog.create({
          environmentId: bare.id,
          userId: null,
          userEmail: 'robot@example.com',
          action: 'read',
          type: 'read',
          source: 'api',
          status: 'completed',
          recordIds: null,
          createdAt: at(50),
        });

        expect(
          await store.listActivityLogs({ environment: bare, limit: 10, order: 'desc' }),
        ).toEqual([
          {
            object: 'activityLog',
            id: String(log.id),
            type: 'read',
            action: 'read',
            createdAt: '2026-03-01T10:00:50.000Z',
            user: {
              object: 'user',
              id: 0,
              username: 'robot@example.com',
              email: 'robot@example.com',
            },
            environment: { object: 'environment', name: 'Bare' },
            team: { object: 'team', name: '' },
            source: 'api',
            status: 'completed',
          },
        ]);
      });

      it('never shows another environment', async () => {
        const other = await addEnvironment(platform, projectId, 'Filters 2');
        expect(
          await store.listActivityLogs({ environment: other, limit: 10, order: 'asc' }),
        ).toEqual([]);
      });
    });
  });

  describe('admin logs', () => {
    let otherProject: number;
    let admin: number;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const { db } = platform.context;
      otherProject = (await db.models.Project.create({ name: 'Audited' })).id;
      admin = await addUser(platform, 'auditor@example.com', 'Audrey', 'Tor');
      const gone = await addUser(platform, 'former@example.com', 'Former', 'Admin');
      const logs: Record<string, [unknown, object]> = {
        bootstrap: [null, { resourceType: 'project', action: 'create', newValues: { name: 'A' } }],
        member: [
          { id: admin, email: 'auditor@example.com' },
          { resourceType: 'member', action: 'create', newValues: { userId: 9, roleId: 2 } },
        ],
        team: [
          { id: admin, email: 'auditor@example.com' },
          {
            resourceType: 'team',
            action: 'update',
            previousValues: { name: 'Managers' },
            newValues: { name: 'Managers UK' },
          },
        ],
        rights: [
          { id: gone, email: 'former@example.com' },
          { resourceType: 'role-collection-rights', action: 'update', newValues: { browse: true } },
        ],
        invitation: [
          { id: admin, email: 'auditor@example.com' },
          { resourceType: 'invitation', action: 'delete', previousValues: { email: 'x@y.z' } },
        ],
        token: [
          { id: admin, email: 'auditor@example.com' },
          { resourceType: 'api-token', action: 'revoke', previousValues: { name: 'CI' } },
        ],
        secret: [
          { id: admin, email: 'auditor@example.com' },
          { resourceType: 'environment', action: 'regenerate-secret' },
        ],
        unknown: [
          { id: admin, email: 'auditor@example.com' },
          { resourceType: 'gadget', action: 'create' },
        ],
      };
      let second = 0;
      for (const [name, [initiator, change]] of Object.entries(logs)) {
        second += 1;
        // The columns writeAdminLog fills, with a chosen time.
        const who = initiator as { id: number; email: string } | null;
        const row = await db.models.AdminLog.create({
          projectId: otherProject,
          resourceId: null,
          previousValues: null,
          newValues: null,
          ...(change as { resourceType: string; action: string }),
          initiatorId: who?.id ?? null,
          initiatorEmail: who?.email ?? null,
          createdAt: at(second),
        });
        ids[name] = String(row.id);
      }
      await db.models.User.destroy({ where: { id: gone } });
    });

    const list = async (filters: object) =>
      (
        await store.listAdminLogs({ projectId: otherProject, limit: 100, order: 'asc', ...filters })
      ).map(item => Object.keys(ids).find(name => ids[name] === item.id));

    it('maps the platform rows to the vendor enums', async () => {
      const items = await store.listAdminLogs({
        projectId: otherProject,
        limit: 100,
        order: 'asc',
      });
      const byName = (name: string) => items.find(item => item.id === ids[name]) as AdminLogItem;
      expect(items.map(item => item.id)).not.toContain(ids.unknown);
      expect(byName('bootstrap')).toEqual({
        object: 'adminLog',
        id: ids.bootstrap,
        type: 'add',
        resource: 'project',
        initiator: 'forestAdmin',
        createdAt: at(1).toISOString(),
        newValue: { name: 'A' },
      });
      expect(byName('member')).toMatchObject({ type: 'add', resource: 'user-project' });
      expect(byName('team')).toEqual({
        object: 'adminLog',
        id: ids.team,
        type: 'update',
        resource: 'team',
        initiator: 'administrator',
        createdAt: at(3).toISOString(),
        user: { object: 'user', id: admin, username: 'Audrey Tor', email: 'auditor@example.com' },
        previousValue: { name: 'Managers' },
        newValue: { name: 'Managers UK' },
      });
      expect(byName('rights')).toMatchObject({
        type: 'update',
        resource: 'role-rights',
        user: { object: 'user', id: 0, email: 'former@example.com' },
      });
      expect(byName('invitation')).toMatchObject({ type: 'remove', resource: 'invitation' });
      expect(byName('token')).toMatchObject({ type: 'remove', resource: 'api-token' });
      expect(byName('secret')).toMatchObject({ type: 'update', resource: 'environment' });
    });

    it.each([
      ['types add', { types: ['add'] }, ['bootstrap', 'member']],
      ['types remove', { types: ['remove'] }, ['invitation', 'token']],
      ['types update', { types: ['update'] }, ['team', 'rights', 'secret']],
      ['types initial', { types: ['initial'] }, []],
      ['initiators forestAdmin', { initiators: ['forestAdmin'] }, ['bootstrap']],
      ['initiators identityProvider', { initiators: ['identityProvider'] }, []],
      ['resources', { resources: ['user-project', 'role-rights'] }, ['member', 'rights']],
      ['userEmail', { userEmail: 'FORMER@example.com' }, ['rights']],
      ['createdAt', { createdAt: { gt: at(1), lte: at(3) } }, ['member', 'team']],
      ['a cursor', { after: { createdAt: at(5), id: '0' } }, ['token', 'secret']],
    ])('filters by %s', async (_name, filters, expected) => {
      if (_name === 'a cursor') {
        const filter = filters as { after: { createdAt: Date } };
        expect(
          await list({ after: { createdAt: filter.after.createdAt, id: ids.invitation } }),
        ).toEqual(expected);
      } else {
        expect(await list(filters)).toEqual(expected);
      }
    });

    it('filters by the administrator id and pages backwards', async () => {
      expect(await list({ userId: admin, types: ['update'] })).toEqual(['team', 'secret']);
      const desc = await store.listAdminLogs({
        projectId: otherProject,
        limit: 2,
        order: 'desc',
        after: { createdAt: at(4), id: ids.rights! },
      });
      expect(desc.map(item => item.id)).toEqual([ids.team, ids.member]);
    });

    it('never shows another project', async () => {
      const items = await store.listAdminLogs({ projectId, limit: 100, order: 'asc' });
      expect(items.map(item => item.id)).not.toContain(ids.team);
    });
  });
});
