import { createPlatformClient } from '@grove/platform-client';

import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import { memberWithToken, renderingOf } from '../../helpers/user-tokens';

// platform-client's `postApprovalRequest` (what the MCP server files for an action needing
// approval) against the platform's approval routes.
describe.each(availableServers())('postApprovalRequest against the platform on $name', server => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
  });
  afterAll(() => test.stop());

  it('files the request as the user, with the reasoning as its first comment', async () => {
    const requester = await memberWithToken(test.platform, 'Admin', 'Operations', 'mcp@grove.test');
    const renderingId = await renderingOf(test.platform, 'Operations');
    const client = createPlatformClient({
      serverUrl: test.platform.url,
      envSecret: test.platform.bootstrap!.envSecret,
    });

    const { id } = await client.postApprovalRequest(
      {
        collectionName: 'orders',
        actionName: 'Refund',
        recordIds: ['42'],
        inputs: [{ name: 'amount', type: 'Number', value: 10 }],
        reasoning: 'The customer was charged twice',
      },
      { userToken: requester.token, renderingId },
    );

    const stored = await test.platform.context.db.models.ApprovalRequest.findByPk(Number(id));
    expect(stored).toMatchObject({
      requesterId: requester.id,
      collectionName: 'orders',
      actionName: 'Refund',
      recordIds: ['42'],
      status: 'pending',
      comments: [expect.objectContaining({ comment: 'The customer was charged twice' })],
    });
    await client.close();
  });

  it('refuses a token that is not a user access token, and files nothing', async () => {
    const renderingId = await renderingOf(test.platform, 'Operations');
    const client = createPlatformClient({
      serverUrl: test.platform.url,
      envSecret: test.platform.bootstrap!.envSecret,
    });
    const before = await test.platform.context.db.models.ApprovalRequest.count();

    await expect(
      client.postApprovalRequest(
        { collectionName: 'orders', actionName: 'Refund', recordIds: [], inputs: [] },
        { userToken: 'forged', renderingId },
      ),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
    expect(await test.platform.context.db.models.ApprovalRequest.count()).toBe(before);
    await client.close();
  });
});
