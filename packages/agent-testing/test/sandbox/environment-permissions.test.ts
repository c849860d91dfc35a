import { buildEnvironmentPermissions } from '../../src/sandbox/environment-permissions';

const schema = {
  collections: [
    { name: 'orders', actions: ['Refund'] },
    { name: 'customers', actions: [] },
  ],
};
const allRights = {
  browseEnabled: true,
  readEnabled: true,
  editEnabled: true,
  addEnabled: true,
  deleteEnabled: true,
  exportEnabled: true,
};
const allowed = { roles: [1] };
const denied = { roles: [] };
const defaultActionRights = {
  triggerEnabled: allowed,
  triggerConditions: [],
  approvalRequired: denied,
  approvalRequiredConditions: [],
  userApprovalEnabled: allowed,
  userApprovalConditions: [],
  selfApprovalEnabled: allowed,
};

describe('buildEnvironmentPermissions', () => {
  it('grants every right of every collection and action of the schema', () => {
    expect(buildEnvironmentPermissions(schema, {})).toEqual({
      collections: {
        orders: { collection: allRights, actions: { Refund: defaultActionRights } },
        customers: { collection: allRights, actions: {} },
      },
    });
  });

  it('answers the development environment (true) without schema nor override', () => {
    expect(buildEnvironmentPermissions(undefined, {})).toBe(true);
  });

  it('turns off the collection rights an override sets to false', () => {
    const permissions = buildEnvironmentPermissions(schema, {
      orders: { collection: { deleteEnabled: false, exportEnabled: false } },
    });

    expect(permissions).toMatchObject({
      collections: {
        orders: { collection: { ...allRights, deleteEnabled: false, exportEnabled: false } },
        customers: { collection: allRights },
      },
    });
  });

  it('gives conditioned action rights to the sandbox role', () => {
    const filter = { field: 'status', operator: 'equal', value: 'paid' };
    const permissions = buildEnvironmentPermissions(schema, {
      orders: { actions: { Refund: { triggerConditions: filter, approvalRequired: true } } },
    });

    expect(permissions).toMatchObject({
      collections: {
        orders: {
          actions: {
            Refund: {
              ...defaultActionRights,
              triggerConditions: [{ roleId: 1, filter }],
              approvalRequired: allowed,
            },
          },
        },
      },
    });
  });

  it('requires approval when only approval conditions are given', () => {
    const filter = { field: 'amount', operator: 'greater_than', value: 100 };
    const permissions = buildEnvironmentPermissions(schema, {
      orders: { actions: { Refund: { approvalRequiredConditions: filter } } },
    });

    expect(permissions).toMatchObject({
      collections: {
        orders: {
          actions: {
            Refund: {
              approvalRequired: allowed,
              approvalRequiredConditions: [{ roleId: 1, filter }],
            },
          },
        },
      },
    });
  });

  it('adds the collections and actions an override names but the schema lacks', () => {
    const permissions = buildEnvironmentPermissions(undefined, {
      books: { actions: { Archive: { triggerEnabled: false } } },
    });

    expect(permissions).toEqual({
      collections: {
        books: {
          collection: allRights,
          actions: { Archive: { ...defaultActionRights, triggerEnabled: denied } },
        },
      },
    });
  });
});
