import {
  mergePermissionOverride,
  validatePermissionOverride,
} from '../../src/sandbox/permission-override';

describe('mergePermissionOverride', () => {
  it('keeps the rights of earlier overrides of the same collection', () => {
    const merged = mergePermissionOverride(
      { orders: { collection: { editEnabled: false } } },
      { orders: { collection: { deleteEnabled: false } } },
    );

    expect(merged).toEqual({
      orders: { collection: { editEnabled: false, deleteEnabled: false }, actions: {} },
    });
  });

  it('keeps other collections and merges each action on its own', () => {
    const merged = mergePermissionOverride(
      {
        customers: { collection: { browseEnabled: false } },
        orders: {
          actions: { Refund: { triggerEnabled: false }, Ship: { approvalRequired: true } },
        },
      },
      { orders: { actions: { Refund: { selfApprovalEnabled: false } } } },
    );

    expect(merged).toEqual({
      customers: { collection: { browseEnabled: false } },
      orders: {
        collection: {},
        actions: {
          Refund: { triggerEnabled: false, selfApprovalEnabled: false },
          Ship: { approvalRequired: true },
        },
      },
    });
  });

  it('lets a later value of the same right win', () => {
    const merged = mergePermissionOverride(
      { orders: { collection: { editEnabled: false } } },
      { orders: { collection: { editEnabled: true } } },
    );

    expect(merged.orders?.collection).toEqual({ editEnabled: true });
  });

  it('does not modify its inputs', () => {
    const previous = { orders: { collection: { editEnabled: false } } };
    mergePermissionOverride(previous, { orders: { collection: { addEnabled: false } } });

    expect(previous).toEqual({ orders: { collection: { editEnabled: false } } });
  });
});

describe('validatePermissionOverride', () => {
  it.each([
    [[], 'the override must be an object keyed by collection name'],
    [{ orders: 1 }, 'orders must be an object'],
    [{ orders: { collection: [] } }, 'orders.collection must be an object'],
    [
      { orders: { collection: { editEnabled: 'no' } } },
      'orders.collection.editEnabled must be a boolean',
    ],
    [{ orders: { actions: { Refund: true } } }, 'orders.actions.Refund must be an object'],
    [
      { orders: { actions: { Refund: { triggerEnabled: 1 } } } },
      'orders.actions.Refund.triggerEnabled must be a boolean',
    ],
    [
      { orders: { actions: { Refund: { triggerConditions: 'paid' } } } },
      'orders.actions.Refund.triggerConditions must be a condition tree',
    ],
  ])('rejects %j', (value, message) => {
    expect(validatePermissionOverride(value)).toBe(message);
  });

  it('accepts collection and action rights', () => {
    const value = {
      orders: {
        collection: { editEnabled: false },
        actions: { Refund: { triggerEnabled: false } },
      },
    };

    expect(validatePermissionOverride(value)).toBeUndefined();
  });
});
