import request from 'supertest';
import type { ActionPermissions } from '@grove/platform-client';
import { signSessionToken } from '@grove/platform-client';
import { envSecret, startActionApp, tokenOf } from './action-test-app';
import { equal } from './library';
import type { ActionApp } from './action-test-app';

const ran: Array<Array<unknown>> = [];
let fixture: ActionApp;

beforeAll(async () => {
  fixture = await startActionApp({
    customize: books =>
      books.addAction('Publish', {
        scope: 'Bulk',
        execute: async context => {
          ran.push((await context.getRecordIds()).sort());
        },
      }),
  });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.reset();
  ran.length = 0;
});

function rights(publish: ActionPermissions): void {
  fixture.state.environment = {
    collections: { books: { collection: {}, actions: { Publish: publish } } },
  };
}

async function execute(userId: number, attributes: Record<string, unknown>) {
  return request(fixture.app)
    .post('/forest/_actions/books/0/publish')
    .query({ timezone: 'UTC' })
    .set('Authorization', `Bearer ${await tokenOf(userId)}`)
    .send({ data: { attributes } });
}

async function approve(
  userId: number,
  original: Record<string, unknown>,
  secret = envSecret,
  ttl = 600,
) {
  const signed = await signSessionToken(
    { data: { attributes: original } },
    { secret, expiresInSeconds: ttl },
  );

  return execute(userId, { ids: ['5'], signed_approval_request: signed });
}

const drafts = ['1', '3'];
const draft = equal('status', 'draft');
const live = equal('status', 'live');

describe('execute: trigger permission (docs/agent-protocol.md#action-authorization)', () => {
  test('a role without trigger gets CustomActionTriggerForbiddenError', async () => {
    rights({ triggerEnabled: { roles: [2] } });
    const response = await execute(1, { ids: drafts });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'CustomActionTriggerForbiddenError',
          detail: "You don't have permission to trigger this action.",
          status: 403,
        },
      ],
    });
    expect(ran).toEqual([]);
  });

  test('a trigger condition must match every selected record', async () => {
    rights({ triggerEnabled: { roles: [1] }, triggerConditions: [{ roleId: 1, filter: draft }] });

    expect((await execute(1, { ids: ['1', '2'] })).status).toBe(403);
    expect((await execute(1, { ids: drafts })).status).toBe(200);
    expect(ran).toEqual([[1, 3]]);
  });

  test('a condition that cannot be evaluated is a 422 InvalidActionConditionError', async () => {
    rights({
      triggerEnabled: { roles: [1] },
      triggerConditions: [{ roleId: 1, filter: equal('nope', 1) }],
    });
    const response = await execute(1, { ids: drafts });

    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'InvalidActionConditionError',
          detail:
            'The conditions to trigger this action cannot be verified. Please contact an administrator.',
          status: 422,
        },
      ],
    });
  });

  test('approval required: 403 naming the roles allowed to approve this selection', async () => {
    rights({
      triggerEnabled: true,
      approvalRequired: { roles: [1] },
      userApprovalEnabled: { roles: [2, 3] },
      userApprovalConditions: [{ roleId: 3, filter: live }],
    });
    const response = await execute(1, { ids: drafts });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'CustomActionRequiresApprovalError',
          detail: 'This action requires to be approved.',
          status: 403,
          data: { roleIdsAllowedToApprove: [2] },
        },
      ],
    });
  });

  test('an approval condition requires approval only when a selected record matches it', async () => {
    rights({
      triggerEnabled: true,
      approvalRequired: { roles: [1] },
      approvalRequiredConditions: [{ roleId: 1, filter: live }],
    });

    expect((await execute(1, { ids: drafts })).status).toBe(200);
    expect((await execute(1, { ids: ['2'] })).status).toBe(403);
    expect(ran).toEqual([[1, 3]]);
  });

  test('a development environment allows everything', async () => {
    expect((await execute(3, { ids: drafts })).status).toBe(200);
  });
});

describe('execute: approvals (docs/agent-protocol.md#execute, docs/agent-protocol.md#action-authorization)', () => {
  const approvalRights: ActionPermissions = {
    triggerEnabled: true,
    approvalRequired: true,
    userApprovalEnabled: { roles: [2, 3] },
    userApprovalConditions: [{ roleId: 3, filter: live }],
    selfApprovalEnabled: false,
  };

  test('a requester_id in an unsigned body is a 422', async () => {
    const response = await execute(1, { ids: drafts, requester_id: 1 });

    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: [{ name: 'UnprocessableError', detail: 'Unexpected error', status: 422 }],
    });
  });

  test('an approver runs the signed original request, not the outer body', async () => {
    rights(approvalRights);
    const response = await approve(2, { ids: drafts, requester_id: 1 });

    expect(response.status).toBe(200);
    expect(ran).toEqual([[1, 3]]);
  });

  test('an approver whose condition does not match every record is refused', async () => {
    rights(approvalRights);
    const response = await approve(3, { ids: drafts, requester_id: 1 });

    expect(response.status).toBe(403);
    // Role 2 approves without condition; role 3's condition (live) misses the drafts.
    expect(response.body.errors[0]).toEqual({
      name: 'ApprovalNotAllowedError',
      detail: "You don't have permission to approve this action.",
      status: 403,
      data: { roleIdsAllowedToApprove: [2] },
    });
    expect(ran).toEqual([]);
  });

  test("approving one's own request needs self-approve", async () => {
    rights(approvalRights);
    expect((await approve(2, { ids: drafts, requester_id: 2 })).status).toBe(403);

    rights({ ...approvalRights, selfApprovalEnabled: { roles: [2] } });
    fixture.resetPermissions();
    expect((await approve(2, { ids: drafts, requester_id: 2 })).status).toBe(200);
  });

  test.each([
    ['signed with another secret', 'cd'.repeat(32), 600],
    ['expired', envSecret, -60],
  ])('a signed request %s is a 500', async (_case, secret, ttl) => {
    rights(approvalRights);
    const response = await approve(2, { ids: drafts, requester_id: 1 }, secret, ttl);

    expect(response.status).toBe(500);
    expect(response.body.errors[0].detail).toBe('Unexpected error');
    expect(ran).toEqual([]);
  });
});
