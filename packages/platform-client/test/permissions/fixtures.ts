import type { EnvironmentPermissions, PlatformUser, RenderingPermissions } from '../../src';

export const draftOnly = {
  aggregator: 'and',
  conditions: [{ field: 'status', operator: 'equal', value: 'draft' }],
};

export const environment: EnvironmentPermissions = {
  collections: {
    books: {
      collection: {
        browseEnabled: { roles: [1, 2] },
        readEnabled: true,
        editEnabled: { roles: [1] },
        addEnabled: false,
        deleteEnabled: { roles: [] },
        exportEnabled: true,
      },
      actions: {
        Archive: {
          triggerEnabled: { roles: [1, 2] },
          triggerConditions: [{ roleId: 2, filter: draftOnly }],
          approvalRequired: { roles: [2] },
          approvalRequiredConditions: [],
          userApprovalEnabled: { roles: [1, 3] },
          userApprovalConditions: [{ roleId: 3, filter: draftOnly }],
          selfApprovalEnabled: false,
        },
        Publish: {
          triggerEnabled: true,
          triggerConditions: [{ roleId: 2, filter: draftOnly }],
          approvalRequired: { roles: [2] },
          approvalRequiredConditions: [{ roleId: 2, filter: draftOnly }],
          userApprovalEnabled: true,
          selfApprovalEnabled: { roles: [2] },
        },
      },
    },
  },
};

const user = (id: number, roleId: number, permissionLevel: PlatformUser['permissionLevel']) => ({
  id,
  firstName: `First${id}`,
  lastName: `Last${id}`,
  fullName: `First${id} Last${id}`,
  email: `user${id}@example.com`,
  permissionLevel,
  tags: { region: 'EU' },
  roleId,
});

export const users: PlatformUser[] = [user(1, 1, 'admin'), user(2, 2, 'user'), user(3, 3, 'user')];

export const valueChart = {
  type: 'Value',
  sourceCollectionName: 'books',
  aggregator: 'Count',
  aggregateFieldName: null,
  filter: null,
};

export const rendering: RenderingPermissions = {
  team: { id: 3, name: 'Operations' },
  collections: {
    books: {
      scope: {
        aggregator: 'and',
        conditions: [
          { field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' },
          { field: 'region', operator: 'equal', value: '{{currentUser.tags.region}}' },
          { field: 'team', operator: 'in', value: ['{{currentUser.team.name}}', 'x'] },
          {
            field: 'note',
            operator: 'equal',
            value: 'by {{currentUser.fullName}} ({{currentUser.nope}})',
          },
        ],
      },
      segments: ['SELECT id FROM books WHERE price < 10;', 'SELECT id FROM books'],
      liveQuerySegments: [{ connectionName: 'main', query: 'SELECT id FROM books' }],
    },
    authors: { scope: null },
  },
  stats: [valueChart],
};
