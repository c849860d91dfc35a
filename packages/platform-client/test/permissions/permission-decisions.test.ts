import { createPlatformClient } from '../../src';
import { hashChart } from '../../src/permissions/chart-hash';
import type { PlatformClient, SelectionCounter } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';
import { environment, rendering, users, valueChart } from './fixtures';

/** Counts selected records by status: no condition → all, a condition → the drafts. */
const counter =
  (statuses: string[]): SelectionCounter =>
  async condition =>
    condition ? statuses.filter(status => status === 'draft').length : statuses.length;

describe('PermissionService: decisions', () => {
  let server: TestServer;
  let client: PlatformClient;
  const admin = { id: 1, renderingId: 34 };
  const member = { id: 2, renderingId: 34 };
  const other = { id: 3, renderingId: 34 };

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/liana/v4/permissions/environment', (_req, res) => {
        res.json(environment);
      });
      app.get('/liana/v4/permissions/users', (_req, res) => {
        res.json(users);
      });
      app.get('/liana/v4/permissions/renderings/:id', (_req, res) => {
        res.json(rendering);
      });
    });
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });
  afterAll(() => server.close());

  describe('canTriggerAction', () => {
    it('allows a role holding trigger without condition nor approval', async () => {
      const decision = await client.permissions.canTriggerAction(
        admin,
        'books',
        'Archive',
        counter(['x']),
      );
      expect(decision).toEqual({ kind: 'allowed' });
    });

    it('forbids a role without trigger, and an unknown action', async () => {
      const count = counter(['draft']);
      await expect(
        client.permissions.canTriggerAction(other, 'books', 'Archive', count),
      ).resolves.toEqual({ kind: 'forbidden' });
      await expect(
        client.permissions.canTriggerAction(admin, 'books', 'Nope', count),
      ).resolves.toEqual({ kind: 'forbidden' });
    });

    it('forbids when a trigger condition does not match every selected record', async () => {
      const decision = await client.permissions.canTriggerAction(
        member,
        'books',
        'Archive',
        counter(['draft', 'live']),
      );
      expect(decision).toEqual({ kind: 'forbidden' });
    });

    it('requires approval (no condition) and names the roles allowed to approve', async () => {
      const decision = await client.permissions.canTriggerAction(
        member,
        'books',
        'Archive',
        counter(['draft']),
      );
      // Role 1 approves without condition; role 3's condition matches every selected record.
      expect(decision).toEqual({ kind: 'approval-required', roleIdsAllowedToApprove: [1, 3] });
    });

    it('ignores a condition under a `true` right and lists every role when anyone approves', async () => {
      const roles = await client.permissions.canTriggerAction(
        member,
        'books',
        'Publish',
        counter(['draft', 'live']),
      );
      // Publish: trigger is `true` so its condition is ignored; approval condition matches one
      // record; approvers are every role (userApprovalEnabled: true).
      expect(roles).toEqual({ kind: 'approval-required', roleIdsAllowedToApprove: [1, 2, 3] });
    });

    it('counts approvers with the unscoped counter when one is given', async () => {
      // The caller's scope sees one draft record; the approver's condition (status = draft) is
      // judged on the whole selection, which also holds a live record: role 3 cannot approve.
      const decision = await client.permissions.canTriggerAction(
        member,
        'books',
        'Archive',
        counter(['draft']),
        counter(['draft', 'live']),
      );
      expect(decision).toEqual({ kind: 'approval-required', roleIdsAllowedToApprove: [1] });
    });

    it('lists the approver roles of a selection (for approval refusals)', async () => {
      await expect(
        client.permissions.getApproverRoleIds('books', 'Archive', counter(['draft'])),
      ).resolves.toEqual([1, 3]);
      await expect(
        client.permissions.getApproverRoleIds('books', 'Nope', counter(['draft'])),
      ).resolves.toEqual([]);
    });

    it('does not require approval when the approval condition matches no record', async () => {
      const decision = await client.permissions.canTriggerAction(
        member,
        'books',
        'Publish',
        counter(['live']),
      );
      expect(decision).toEqual({ kind: 'allowed' });
    });
  });

  describe('canApproveAction', () => {
    it('lets a role approve someone else when its condition holds for every record', async () => {
      await expect(
        client.permissions.canApproveAction(admin, 'books', 'Archive', 2, counter(['live'])),
      ).resolves.toBe(true);
      await expect(
        client.permissions.canApproveAction(
          other,
          'books',
          'Archive',
          2,
          counter(['draft', 'live']),
        ),
      ).resolves.toBe(false);
      await expect(
        client.permissions.canApproveAction(other, 'books', 'Archive', 2, counter(['draft'])),
      ).resolves.toBe(true);
    });

    it("needs the self-approve right for one's own request", async () => {
      await expect(
        client.permissions.canApproveAction(member, 'books', 'Archive', 2, counter([])),
      ).resolves.toBe(false);
      await expect(
        client.permissions.canApproveAction(member, 'books', 'Publish', 2, counter([])),
      ).resolves.toBe(true);
    });
  });

  describe('isTrusted', () => {
    it('trusts admins, not user-level members', async () => {
      await expect(client.permissions.isTrusted(admin)).resolves.toBe(true);
      await expect(client.permissions.isTrusted(member)).resolves.toBe(false);
    });
  });

  describe('canRenderChart', () => {
    it('lets admins, developers and editors run any chart', async () => {
      await expect(client.permissions.canRenderChart(admin, { type: 'Pie' })).resolves.toBe(true);
    });

    it('lets a user run a chart hashing like a rendering stat, ignoring extra keys and order', async () => {
      const request = {
        aggregator: 'Count',
        title: 'Books',
        contextVariables: {},
        sourceCollectionName: 'books',
        type: 'Value',
      };
      await expect(client.permissions.canRenderChart(member, request)).resolves.toBe(true);
    });

    it('refuses a user a chart the rendering does not hold', async () => {
      await expect(
        client.permissions.canRenderChart(member, { ...valueChart, aggregator: 'Sum' }),
      ).resolves.toBe(false);
    });

    it('hashes nested values independently of key order', () => {
      expect(hashChart({ type: 'Line', filter: { a: 1, b: [2] } })).toBe(
        hashChart({ filter: { b: [2], a: 1 }, type: 'Line' }),
      );
      expect(hashChart({ type: 'Line', limit: 5 })).not.toBe(hashChart({ type: 'Line', limit: 6 }));
    });
  });

  describe('getScope', () => {
    it('substitutes currentUser values (user, tags, team) as strings', async () => {
      await expect(client.permissions.getScope(member, 'books')).resolves.toEqual({
        aggregator: 'and',
        conditions: [
          { field: 'ownerId', operator: 'equal', value: '2' },
          { field: 'region', operator: 'equal', value: 'EU' },
          { field: 'team', operator: 'in', value: ['Operations', 'x'] },
          { field: 'note', operator: 'equal', value: 'by First2 Last2 (undefined)' },
        ],
      });
    });

    it('returns null for a null scope and for a collection absent from the rendering', async () => {
      await expect(client.permissions.getScope(member, 'authors')).resolves.toBeNull();
      await expect(client.permissions.getScope(member, 'absent')).resolves.toBeNull();
    });
  });

  describe('canRunSegmentQuery', () => {
    it('accepts stored queries (with their first ; removed) and UNIONs of them', async () => {
      const check = (query: string, connection?: string) =>
        client.permissions.canRunSegmentQuery(member, 'books', query, connection);
      await expect(check('SELECT id FROM books WHERE price < 10')).resolves.toBe(true);
      await expect(
        check(
          'SELECT id FROM books WHERE price < 10 /*MULTI-SEGMENTS-QUERIES-UNION*/ UNION SELECT id FROM books',
        ),
      ).resolves.toBe(true);
      await expect(check('SELECT * FROM users')).resolves.toBe(false);
      await expect(check('SELECT id FROM books', 'main')).resolves.toBe(true);
      await expect(check('SELECT id FROM books WHERE price < 10', 'main')).resolves.toBe(false);
    });

    it('lets trusted levels run any segment query', async () => {
      await expect(client.permissions.canRunSegmentQuery(admin, 'books', 'SELECT 1')).resolves.toBe(
        true,
      );
    });
  });
});
