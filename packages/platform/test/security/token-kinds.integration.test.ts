import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loginBootstrapAdmin, snapshotDatabase } from '../helpers/admin-client';
import { createShopDatabase } from '../helpers/agents-under-test';
import { hostedCall, makeBundle } from '../helpers/hosted-agent-client';
import { mcpToken as mcpAccessToken } from '../helpers/mcp-token';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { callWithToken, memberWithToken, renderingOf } from '../helpers/user-tokens';
import type { TokenUser } from '../helpers/user-tokens';

const PASSWORD = 'a long enough password';

// Each route family takes only the token kinds meant for it, and an MCP token only with the scope
// of the step (packages/platform/SECURITY.md, docs/mcp.md#approval-requests).
describe('token kinds: MCP access tokens only where they belong (SQLite)', () => {
  let test: TestPlatform;
  let envSecret: string;
  let developer: TokenUser;
  let requester: TokenUser;
  let approver: TokenUser;
  let rendering: number;
  const shop = join(tmpdir(), `grove-token-kinds-${randomBytes(6).toString('hex')}.sqlite`);

  const mcpToken = (email: string, scope: string) =>
    mcpAccessToken(test.platform, { email, password: PASSWORD }, scope);

  const approvalsUrl = (path = '') => `${test.platform.url}/api/action-approvals${path}`;
  const fileApproval = (token: string) =>
    callWithToken(
      approvalsUrl(),
      'POST',
      token,
      {
        data: {
          type: 'action-approvals',
          attributes: {
            status: null,
            action_name: 'Refund',
            collection_name: 'orders',
            record_ids: ['3'],
            inputs: [],
          },
        },
      },
      { 'forest-rendering-id': String(rendering) },
    );

  beforeAll(async () => {
    await createShopDatabase(shop);
    test = await startTestPlatform(
      { name: 'SQLite', url: 'sqlite' },
      { bootstrap: { agentUrl: 'http://agent.test:3351' } },
    );
    envSecret = test.platform.bootstrap!.envSecret;
    const { project, environment } = test.platform.bootstrap!;
    const admin = await loginBootstrapAdmin(test.platform);
    await admin.call(
      'POST',
      `/api/admin/projects/${project.id}/environments/${environment.id}/hosted-datasources`,
      { name: 'shop', connectionUri: `sqlite:${shop}` },
    );
    const { models } = test.platform.context.db;
    const roleId = async (name: string) =>
      (await models.Role.findOne({ where: { projectId: project.id, name } }))!.id;
    const right = { collectionName: 'orders', actionName: 'Refund', trigger: true };
    await models.RoleActionRight.bulkCreate([
      { ...right, roleId: await roleId('User'), approvalRequired: true },
      { ...right, roleId: await roleId('Editor'), approve: true, selfApprove: false },
    ]);
    developer = await memberWithToken(
      test.platform,
      'Developer',
      'Operations',
      'dev@grove.test',
      'device',
    );
    requester = await memberWithToken(test.platform, 'User', 'Operations', 'req@grove.test');
    approver = await memberWithToken(test.platform, 'Editor', 'Operations', 'ok@grove.test');
    rendering = await renderingOf(test.platform, 'Operations');
  });
  afterAll(async () => {
    await test.stop();
    await rm(shop, { force: true });
  });

  it('refuses an MCP token with the env secret on the hosted-agent routes (bundle, dev environment)', async () => {
    const token = await mcpToken('dev@grove.test', 'mcp:read mcp:write mcp:action');
    const { models } = test.platform.context.db;
    const before = await snapshotDatabase(test.platform.context.db);
    const bundles = await models.HostedBundle.count();

    const upload = await hostedCall(
      test.platform.url,
      { envSecret, token },
      'POST',
      'bundle',
      makeBundle('module.exports = () => {};'),
      'application/zip',
    );
    const development = await hostedCall(
      test.platform.url,
      { envSecret, token },
      'POST',
      'development-environment-for-user',
      { endpoint: 'http://localhost:3351' },
    );

    expect(upload.status).toBe(403);
    expect(upload.body.errors[0].code).toBe('ForbiddenError');
    expect(development.status).toBe(403);
    expect(await models.HostedBundle.count()).toBe(bundles);
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);

    // The same Developer's CLI login still uploads.
    const legitimate = await hostedCall(
      test.platform.url,
      { envSecret, token: developer.token },
      'POST',
      'bundle',
      makeBundle('module.exports = () => {};'),
      'application/zip',
    );
    expect(legitimate.status).toBeLessThan(300);
  });

  it('refuses an mcp:read token filing an approval; mcp:action files it', async () => {
    const { models } = test.platform.context.db;
    const readOnly = await mcpToken('req@grove.test', 'mcp:read');
    const count = await models.ApprovalRequest.count();

    const refused = await fileApproval(readOnly);

    expect(refused.status).toBe(403);
    expect(await models.ApprovalRequest.count()).toBe(count);
    const filed = await fileApproval(await mcpToken('req@grove.test', 'mcp:read mcp:action'));
    expect(filed.status).toBe(201);
    expect(await models.ApprovalRequest.count()).toBe(count + 1);
  });

  it('refuses every MCP token approving or rejecting; the approver signed in approves', async () => {
    const filed = await fileApproval(requester.token);
    expect(filed.status).toBe(201);
    const id = String(filed.body.data.id);
    const mcp = await mcpToken('ok@grove.test', 'mcp:read mcp:write mcp:action');

    const approved = await callWithToken(approvalsUrl(`/${id}/approve`), 'POST', mcp);
    const rejected = await callWithToken(approvalsUrl(`/${id}/reject`), 'POST', mcp);

    expect(approved.status).toBe(403);
    expect(rejected.status).toBe(403);
    const row = await test.platform.context.db.models.ApprovalRequest.findByPk(Number(id));
    expect(row!.status).toBe('pending');
    const byPerson = await callWithToken(approvalsUrl(`/${id}/approve`), 'POST', approver.token);
    expect(byPerson.status).toBe(200);
    expect(byPerson.body.data.attributes.status).toBe('approved');
  });
});
