import { verifySessionToken } from '@grove/platform-client';

import { hashEnvSecret } from '../../../src';
import { loginBootstrapAdmin } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  addTeamWithRendering,
  callWithToken,
  memberWithToken,
  renderingOf,
} from '../../helpers/user-tokens';
import type { TokenUser } from '../../helpers/user-tokens';

describe.each(availableServers())('action approvals on $name', server => {
  let test: TestPlatform;
  let requester: TokenUser;
  let approver: TokenUser;
  let developer: TokenUser;
  let rendering: number;
  let otherTeamRendering: number;

  const url = (path = '') => `${test.platform.url}/api/action-approvals${path}`;
  const approvals = () =>
    test.platform.context.db.models.ApprovalRequest.findAll({ order: [['id', 'ASC']], raw: true });
  const body = (attributes: Record<string, unknown> = {}) => ({
    data: {
      type: 'action-approvals',
      attributes: {
        status: null,
        action_name: 'Refund',
        collection_name: 'orders',
        record_ids: ['3', 5],
        inputs: [{ name: 'reason', type: 'String', value: 'damaged' }],
        ...attributes,
      },
    },
  });
  const create = (
    user: TokenUser | undefined,
    renderingId = rendering,
    payload: unknown = body(),
  ) =>
    callWithToken(url(), 'POST', user?.token, payload, {
      'forest-rendering-id': String(renderingId),
    });

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
    const { models } = test.platform.context.db;
    const projectId = test.platform.bootstrap!.project.id;
    const roleId = async (name: string) =>
      (await models.Role.findOne({ where: { projectId, name } }))!.id;
    const right = { collectionName: 'orders', actionName: 'Refund', trigger: true };
    await models.RoleActionRight.bulkCreate([
      { ...right, roleId: await roleId('User'), approvalRequired: true },
      { ...right, actionName: 'Delete all', roleId: await roleId('User'), trigger: false },
      { ...right, roleId: await roleId('Editor'), approve: true, selfApprove: false },
      { ...right, roleId: await roleId('Developer'), approve: false, selfApprove: false },
    ]);
    requester = await memberWithToken(test.platform, 'User', 'Operations', 'req@grove.test');
    approver = await memberWithToken(test.platform, 'Editor', 'Operations', 'ok@grove.test');
    developer = await memberWithToken(test.platform, 'Developer', 'Operations', 'dev@grove.test');
    rendering = await renderingOf(test.platform, 'Operations');
    otherTeamRendering = await addTeamWithRendering(test.platform, 'Support');
  });
  afterAll(() => test.stop());

  it('creates, comments, lists and approves: the agent verifies the signed request', async () => {
    const created = await create(requester);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.any(String),
      type: 'action-approvals',
      attributes: {
        status: 'pending',
        action_name: 'Refund',
        collection_name: 'orders',
        record_ids: ['3', '5'],
        requester_id: requester.id,
      },
    });
    const { id } = created.body.data;

    const commented = await callWithToken(url(`/${id}/comments`), 'POST', requester.token, {
      data: { attributes: { comment: 'Customer called twice' } },
    });
    expect(commented.status).toBe(201);
    expect(commented.body.data.attributes.comments).toEqual([
      { userId: requester.id, comment: 'Customer called twice', createdAt: expect.any(String) },
    ]);

    const projectId = test.platform.bootstrap!.project.id;
    const list = (user: TokenUser) =>
      callWithToken(
        `${test.platform.url}/api/projects/${projectId}/action-approvals`,
        'GET',
        user.token,
      );
    expect((await list(approver)).body.data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect((await list(developer)).body.data).toEqual([]);

    const approved = await callWithToken(url(`/${id}/approve`), 'POST', approver.token);
    expect(approved.status).toBe(200);
    expect(approved.body.data.attributes).toMatchObject({
      status: 'approved',
      reviewer_id: approver.id,
    });
    const signed = approved.body.data.attributes.signed_approval_request as string;

    // What Grove's agent does with it (readActionRequest): HS256 with its env secret.
    const payload = await verifySessionToken(signed, {
      secret: test.platform.bootstrap!.envSecret,
      requireExpiry: false,
    });
    expect(payload.data).toEqual({
      type: 'custom-action-requests',
      attributes: {
        collection_name: 'orders',
        ids: ['3', '5'],
        values: { reason: 'damaged' },
        all_records: false,
        all_records_ids_excluded: [],
        all_records_subset_query: {},
        requester_id: requester.id,
      },
    });
    await expect(
      verifySessionToken(signed, { secret: 'f'.repeat(64), requireExpiry: false }),
    ).rejects.toThrow();

    expect((await callWithToken(url(`/${id}/approve`), 'POST', approver.token)).status).toBe(409);
    expect((await callWithToken(url(`/${id}/reject`), 'POST', approver.token)).status).toBe(409);
    expect((await list(approver)).body.data).toEqual([]);
  });

  it('refuses approvers without the right, and self-approval without selfApprove', async () => {
    const { id } = (await create(requester)).body.data;
    const own = (await create(approver)).body.data.id;
    const before = await approvals();

    expect((await callWithToken(url(`/${id}/approve`), 'POST', developer.token)).status).toBe(403);
    expect((await callWithToken(url(`/${id}/reject`), 'POST', developer.token)).status).toBe(403);
    expect((await callWithToken(url(`/${id}/approve`), 'POST', requester.token)).status).toBe(403);
    expect((await callWithToken(url(`/${own}/approve`), 'POST', approver.token)).status).toBe(403);
    expect((await callWithToken(url(`/${id}/approve`), 'POST', undefined)).status).toBe(401);
    expect((await callWithToken(url('/999999/approve'), 'POST', approver.token)).status).toBe(404);
    expect(await approvals()).toEqual(before);

    const rejected = await callWithToken(url(`/${id}/reject`), 'POST', approver.token);
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.attributes.status).toBe('rejected');
    expect(rejected.body.data.attributes.signed_approval_request).toBeUndefined();
  });

  it.each([
    ['no token', () => create(undefined), 401],
    ['another team’s rendering', () => create(requester, otherTeamRendering), 403],
    ['a rendering that does not exist', () => create(requester, 999999), 403],
    [
      'an action the role may not trigger',
      () => create(requester, rendering, body({ action_name: 'Delete all' })),
      403,
    ],
    [
      'another type',
      () => create(requester, rendering, { data: { type: 'x', attributes: {} } }),
      400,
    ],
    ['no action name', () => create(requester, rendering, body({ action_name: undefined })), 400],
    ['a status', () => create(requester, rendering, body({ status: 'approved' })), 400],
    [
      'too many record ids',
      () =>
        create(
          requester,
          rendering,
          body({ record_ids: Array.from({ length: 1001 }, (_, n) => String(n)) }),
        ),
      400,
    ],
    ['a malformed input', () => create(requester, rendering, body({ inputs: ['reason'] })), 400],
    [
      'a body past 256 KiB',
      () =>
        create(
          requester,
          rendering,
          body({ inputs: [{ name: 'a', type: 'String', value: 'x'.repeat(300 * 1024) }] }),
        ),
      413,
    ],
  ])('refuses a request with %s, storing nothing', async (_case, call, expected) => {
    const before = await approvals();
    const response = await call();

    expect(response.status).toBe(expected);
    expect(response.body.errors[0]).toMatchObject({ status: expected });
    expect(await approvals()).toEqual(before);
  });

  it('refuses comments of members who neither asked nor may approve, and bad comments', async () => {
    const { id } = (await create(requester)).body.data;
    const before = await approvals();
    const comment = (user: TokenUser | undefined, value: unknown) =>
      callWithToken(url(`/${id}/comments`), 'POST', user?.token, {
        data: { attributes: { comment: value } },
      });

    expect((await comment(undefined, 'hi')).status).toBe(401);
    expect((await comment(developer, 'hi')).status).toBe(403);
    expect((await comment(requester, '')).status).toBe(400);
    expect((await comment(requester, 'x'.repeat(4001))).status).toBe(400);
    expect((await comment(requester, 42)).status).toBe(400);
    expect(await approvals()).toEqual(before);
    expect((await comment(approver, 'Looking')).status).toBe(201);
  });

  it('signs with the regenerated secret, stored only encrypted', async () => {
    const admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    const regenerated = await admin.call(
      'POST',
      `/api/admin/projects/${project.id}/environments/${environment.id}/secret`,
    );
    expect(regenerated.status).toBe(200);
    const secret = regenerated.body.data.secret as string;
    const row = await test.platform.context.db.models.Environment.findByPk(environment.id);
    expect(row!.secretHash).toBe(hashEnvSecret(secret));
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(row!.secretCiphertext).not.toContain(secret);

    const { id } = (await create(requester)).body.data;
    const approved = await callWithToken(url(`/${id}/approve`), 'POST', approver.token);
    await expect(
      verifySessionToken(approved.body.data.attributes.signed_approval_request, {
        secret,
        requireExpiry: false,
      }),
    ).resolves.toMatchObject({ data: { attributes: { requester_id: requester.id } } });
  });
});
