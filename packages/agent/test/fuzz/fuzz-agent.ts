import { createHash } from 'node:crypto';
import {
  createInMemoryDataSource,
  Filter,
  PaginatedFilter,
  Projection,
} from '@grove/datasource-toolkit';
import type { Caller, DataSource } from '@grove/datasource-toolkit';
import { createSqlDataSource } from '@grove/datasource-sql';
import { bookstoreDefinition } from '../helpers/bookstore';
import { platformUser } from '../helpers/fake-platform';
import { sessionToken, startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';
import { createFuzzShop } from './fuzz-shop';
import type { FuzzShop } from './fuzz-shop';

/** The two roles: 1 is an admin with every right, 2 a plain user with a few rights and scopes. */
export const adminRole = 1;
export const restrictedRole = 2;

/**
 * The restricted role: browse, read and export everywhere; edit on `orders` and `books` only;
 * no add nor delete; scoped to customer 2 on `customers` and `orders` (rendering 2).
 */
const collectionRights = (name: string) => ({
  collection: {
    browseEnabled: { roles: [adminRole, restrictedRole] },
    readEnabled: { roles: [adminRole, restrictedRole] },
    exportEnabled: { roles: [adminRole, restrictedRole] },
    editEnabled: {
      roles: ['orders', 'books'].includes(name) ? [adminRole, restrictedRole] : [adminRole],
    },
    addEnabled: { roles: [adminRole] },
    deleteEnabled: { roles: [adminRole] },
  },
  actions: {
    'Refund order': { triggerEnabled: { roles: [adminRole, restrictedRole] } },
    'Tag orders': { triggerEnabled: { roles: [adminRole] } },
    'Send report': { triggerEnabled: { roles: [adminRole, restrictedRole] } },
    'Mark books': { triggerEnabled: { roles: [adminRole, restrictedRole] } },
  },
});

/** The saved chart of rendering 2 (a user-level role renders only saved charts). */
export const savedChart = {
  type: 'Value',
  sourceCollectionName: 'orders',
  aggregator: 'Count',
};

/** What the fuzz suite runs against. */
export interface FuzzAgent {
  readonly test: TestAgent;
  readonly shop: FuzzShop;
  /** Session tokens: admin (user 1, rendering 1), restricted (user 2, rendering 2). */
  readonly tokens: { readonly admin: string; readonly restricted: string };
  /** The SHA-256 of the in-memory bookstore's rows (read through the data source). */
  memoryChecksum(): Promise<string>;
  stop(): Promise<void>;
}

const systemCaller: Caller = {
  id: 0,
  email: 'fuzz@example.com',
  firstName: 'Fuzz',
  lastName: 'Suite',
  team: 'Ops',
  role: 'Admin',
  tags: {},
  timezone: 'UTC',
};

async function hashDataSource(dataSource: DataSource): Promise<string> {
  const rows: Record<string, unknown> = {};
  for (const collection of dataSource.collections) {
    const columns = Object.entries(collection.schema.fields)
      .filter(([, field]) => field.type === 'Column')
      .map(([name]) => name);
    rows[collection.name] = await collection.list(
      systemCaller,
      new PaginatedFilter(new Filter({})),
      new Projection(...columns),
    );
  }

  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * Starts a real agent over the fuzz shop (SQLite, live-query connection `main`) and an
 * in-memory bookstore (array column, emulated LIKE), with actions (forms, load/change/search
 * hooks), a data-source chart and a collection chart, a segment, an emulated filter and a
 * computed field; the fake platform knows the admin and the restricted user.
 */
export async function startFuzzAgent(): Promise<FuzzAgent> {
  const shop = await createFuzzShop();
  const bookstore = createInMemoryDataSource(bookstoreDefinition());
  const test = await startTestAgent(agent => {
    agent
      .addDataSource(createSqlDataSource(`sqlite:${shop.path}`, { liveQueryConnections: 'main' }))
      .addDataSource(async () => bookstore)
      .addChart('mrr', (_context, result) => result.value(42))
      .customizeCollection('customers', customers => {
        customers.emulateFieldFiltering('name');
      })
      .customizeCollection('orders', orders => {
        orders
          .addSegment('big', { field: 'amount', operator: 'GreaterThan', value: 30 })
          .addField('summary', {
            columnType: 'String',
            dependencies: ['status', 'amount'],
            getValues: records => records.map(r => `${String(r.status)}:${String(r.amount)}`),
          })
          .addChart('margin', (context, result) => result.value(Number(context.recordId) * 2))
          .addAction('Refund order', {
            scope: 'Single',
            form: [
              { type: 'Number', label: 'Amount', isRequired: true },
              { type: 'Enum', label: 'Reason', enumValues: ['late', 'broken'] },
              {
                type: 'String',
                label: 'Note',
                if: context => context.formValues.Reason === 'broken',
              },
              {
                type: 'String',
                label: 'Carrier',
                widget: 'Dropdown',
                search: 'dynamic',
                options: (_context, search) =>
                  ['DHL', 'UPS', 'La Poste'].filter(c => !search || c.includes(String(search))),
              },
            ],
            execute: (_context, result) => result.success('Refunded'),
          })
          .addAction('Tag orders', {
            scope: 'Bulk',
            form: [{ type: 'StringList', label: 'Tags' }],
            execute: (_context, result) => result.success('Tagged'),
          })
          .addAction('Send report', {
            scope: 'Global',
            form: [{ type: 'Date', label: 'Since' }],
            execute: (_context, result) => result.success('Sent'),
          });
      })
      .customizeCollection('books', books => {
        books.addAction('Mark books', {
          scope: 'Bulk',
          execute: (_context, result) => result.success('Marked'),
        });
      });
  });

  const { state } = test.platform;
  state.users = [
    platformUser(1, { roleId: adminRole }),
    platformUser(2, { roleId: restrictedRole, permissionLevel: 'user' }),
  ];
  const names = [
    'customers',
    'orders',
    'products',
    'order_products',
    ...bookstore.collections.map(c => c.name),
  ];
  state.environment = {
    collections: Object.fromEntries(names.map(name => [name, collectionRights(name)])),
  };
  state.renderings['2'] = {
    team: { id: 2, name: 'Support' },
    collections: {
      customers: { scope: { field: 'id', operator: 'Equal', value: 2 }, segments: [] },
      orders: { scope: { field: 'customer_id', operator: 'Equal', value: 2 }, segments: [] },
    },
    stats: [savedChart],
  };
  const restricted = await sessionToken({ id: 2, renderingId: 2, permissionLevel: 'user' });
  // The events arrive asynchronously: wait until the restricted role is denied a delete.
  let status = 0;
  for (let attempt = 0; attempt < 80 && status !== 403; attempt += 1) {
    // The environment rights are cached since the start: the platform's events drop them.
    test.platform.emit('refresh-roles');
    test.platform.emit('refresh-users');
    test.platform.emit('refresh-renderings', { renderingIds: [1, 2] });
    await new Promise(resolve => setTimeout(resolve, 25));
    const response = await test
      .http()
      .delete('/forest/customers/999999?timezone=UTC')
      .set('Authorization', `Bearer ${restricted}`);
    status = response.status;
  }
  if (status !== 403) {
    await test.stop();
    await shop.drop();
    throw new Error(`the fuzz roles did not apply (last status ${status})`);
  }

  return {
    test,
    shop,
    tokens: {
      admin: await sessionToken({ id: 1, renderingId: 1, permissionLevel: 'admin' }),
      restricted: await sessionToken({
        id: 2,
        email: 'user2@example.com',
        firstName: 'First2',
        lastName: 'Last2',
        team: 'Support',
        role: 'Support',
        renderingId: 2,
        permissionLevel: 'user',
      }),
    },
    memoryChecksum: () => hashDataSource(bookstore),
    stop: async () => {
      await test.stop();
      await shop.drop();
    },
  };
}
