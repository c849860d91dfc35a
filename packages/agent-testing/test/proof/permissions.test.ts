import { isAgentClientError } from '@grove/agent-client';
import { useProofAgent } from './support/use-proof-agent';

/** The HTTP status a call fails with, or 'ok'. */
async function statusOf(call: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await call();

    return 'ok';
  } catch (error) {
    if (isAgentClientError(error)) return error.status;
    throw error;
  }
}

describe('permission overrides', () => {
  const proof = useProofAgent();
  const client = () => proof().client;

  // The vendor agent prints every 4xx in development mode; these tests expect some.
  beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());
  afterEach(() => client().clearPermissionOverride());

  it('turns a list into a 403', async () => {
    expect(await statusOf(() => client().collection('customers').list())).toBe('ok');

    await client().overrideCollectionPermission('customers', { browseEnabled: false });

    expect(await statusOf(() => client().collection('customers').list())).toBe(403);
    expect(await statusOf(() => client().collection('orders').list())).toBe('ok');
  });

  it('merges overrides of the same collection instead of replacing them', async () => {
    await client().overrideCollectionPermission('orders', { editEnabled: false });
    await client().overrideCollectionPermission('orders', { deleteEnabled: false });

    expect(await statusOf(() => client().collection('orders').update(1, { amount: 11 }))).toBe(403);
    expect(await statusOf(() => client().collection('orders').delete(1))).toBe(403);
    expect(await statusOf(() => client().collection('orders').count())).toBe('ok');
  });

  it('forbids triggering an action', async () => {
    await client().overrideActionPermission('orders', 'Print invoice', { triggerEnabled: false });

    const action = await client().collection('orders').action('Print invoice', { recordId: 1 });

    expect(await statusOf(() => action.execute())).toBe(403);
  });

  it('applies a trigger condition to the selected record', async () => {
    const paid = { field: 'status', operator: 'Equal', value: 'paid' };
    await client().overrideActionPermission('orders', 'Print invoice', { triggerConditions: paid });
    const pending = await client().collection('orders').action('Print invoice', { recordId: 1 });
    const settled = await client().collection('orders').action('Print invoice', { recordId: 2 });

    expect(await statusOf(() => pending.execute())).toBe(403);
    expect(await statusOf(() => settled.execute())).toBe('ok');
  });

  it('requires approval for an action', async () => {
    await client().overrideActionPermission('orders', 'Print invoice', { approvalRequired: true });
    const action = await client().collection('orders').action('Print invoice', { recordId: 1 });

    await expect(action.execute()).rejects.toMatchObject({
      status: 403,
      name: 'CustomActionRequiresApprovalError',
    });
  });

  it('allows again once the override is cleared', async () => {
    await client().overrideCollectionPermission('customers', {
      browseEnabled: false,
      exportEnabled: false,
    });
    await client().clearPermissionOverride();

    expect(await statusOf(() => client().collection('customers').list())).toBe('ok');
    expect(
      await statusOf(() =>
        client()
          .collection('customers')
          .exportCsvText({ fields: ['id'] }),
      ),
    ).toBe('ok');
  });

  it('reached the agent through the one event stream it opened', () => {
    expect(proof().sandbox.eventStreams(proof().envSecret)).toEqual({ open: 1, opened: 1 });
  });
});
