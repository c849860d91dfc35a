import { buildEnvironmentPermissions, overrideRightsRows, SANDBOX_ROLE_DEFAULTS } from '../../src';

const admin = { id: 1, name: 'Admin', builtIn: true };
const user = { id: 2, name: 'User', builtIn: true };
const schemaCollections = [{ name: 'orders', actions: [{ name: 'Refund' }] }];

describe('buildEnvironmentPermissions', () => {
  it('gives a collection right as true (every role), false (none) or a role list', () => {
    const { collections } = buildEnvironmentPermissions({
      roles: [admin, user],
      schemaCollections,
      collectionRows: [
        {
          roleId: 1,
          collectionName: 'orders',
          browse: true,
          read: true,
          edit: true,
          add: true,
          delete: false,
          export: true,
        },
      ],
      actionRows: [],
    });

    expect(collections.orders!.collection).toEqual({
      browseEnabled: true,
      readEnabled: true,
      editEnabled: { roles: [1] },
      addEnabled: { roles: [1] },
      deleteEnabled: false,
      exportEnabled: true,
    });
    // Action rights stay role lists even when every role holds them.
    expect(collections.orders!.actions.Refund!.triggerEnabled).toEqual({ roles: [1, 2] });
    expect(collections.orders!.actions.Refund!.userApprovalEnabled).toEqual({ roles: [] });
  });

  it('uses the given defaults for roles without rows (sandbox: approvals allowed)', () => {
    const { collections } = buildEnvironmentPermissions({
      roles: [admin],
      schemaCollections,
      collectionRows: [],
      actionRows: [],
      defaults: () => SANDBOX_ROLE_DEFAULTS,
    });

    expect(collections.orders!.actions.Refund).toEqual({
      triggerEnabled: { roles: [1] },
      triggerConditions: [],
      approvalRequired: { roles: [] },
      approvalRequiredConditions: [],
      userApprovalEnabled: { roles: [1] },
      userApprovalConditions: [],
      selfApprovalEnabled: { roles: [1] },
    });
  });
});

describe('overrideRightsRows', () => {
  it('turns an override into rows of the role, keeping sandbox defaults elsewhere', () => {
    const filter = { field: 'amount', operator: 'greater_than', value: 100 };
    const rows = overrideRightsRows(7, {
      orders: {
        collection: { editEnabled: false },
        actions: { Refund: { approvalRequiredConditions: filter } },
      },
    });

    expect(rows).toEqual({
      collectionRows: [
        {
          roleId: 7,
          collectionName: 'orders',
          browse: true,
          read: true,
          edit: false,
          add: true,
          delete: true,
          export: true,
        },
      ],
      actionRows: [
        {
          roleId: 7,
          collectionName: 'orders',
          actionName: 'Refund',
          trigger: true,
          triggerConditions: null,
          approvalRequired: true,
          approvalRequiredConditions: filter,
          approve: true,
          approveConditions: null,
          selfApprove: true,
        },
      ],
    });
  });
});
