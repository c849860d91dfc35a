import { toActivityEntry } from '../../src/activity/activity-operation';
import type { AgentUser } from '../../src';

const user: AgentUser = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  team: 'Ops',
  role: 'Admin',
  renderingId: 3,
  tags: {},
};

describe('toActivityEntry', () => {
  it('makes a ui entry of the session user', () => {
    expect(
      toActivityEntry(user, 'write', 'pending', {
        action: 'delete',
        collectionName: 'books',
        recordIds: ['1', '2|3'],
        label: 'deleted 2 record(s)',
      }),
    ).toEqual({
      userId: 7,
      renderingId: 3,
      type: 'write',
      action: 'delete',
      status: 'pending',
      source: 'ui',
      collectionName: 'books',
      recordIds: ['1', '2|3'],
      label: 'deleted 2 record(s)',
    });
  });

  it('forwards a delegation: source, token and workflow', () => {
    const delegated: AgentUser = {
      ...user,
      delegation: {
        source: 'webhook',
        apiTokenId: 4,
        workflowRunId: 'run-1',
        workflowName: 'Refund',
        workflowStepName: 'Refund order',
      },
    };

    expect(toActivityEntry(delegated, 'write', 'pending', { action: 'action' })).toEqual({
      userId: 7,
      renderingId: 3,
      type: 'write',
      action: 'action',
      status: 'pending',
      source: 'webhook',
      apiTokenId: 4,
      workflowRunId: 'run-1',
      workflowName: 'Refund',
      workflowStepName: 'Refund order',
    });
  });

  it('sends at most 1 000 record ids', () => {
    const recordIds = Array.from({ length: 1500 }, (_, n) => String(n));

    expect(
      toActivityEntry(user, 'write', 'pending', { action: 'delete', recordIds }).recordIds,
    ).toHaveLength(1000);
  });
});
