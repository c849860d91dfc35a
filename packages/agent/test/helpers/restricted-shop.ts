import { QueryTypes, Sequelize } from 'sequelize';
import type { Agent } from '../../src/agent/agent';
import { platformUser } from './fake-platform';
import { createSqlShop } from './sql-shop';
import type { SqlShop } from './sql-shop';
import { sessionToken, startTestAgent } from './test-agent';
import type { TestAgent } from './test-agent';

export const tz = 'timezone=Europe%2FParis';

type Right = 'browse' | 'read' | 'edit' | 'add' | 'delete' | 'export';
const allRights: Right[] = ['browse', 'read', 'edit', 'add', 'delete', 'export'];

/** Which rights each role (by role id) holds on a collection. */
export type RoleRights = Record<number, readonly Right[]>;

export interface RestrictedShopOptions {
  /** Rights on `orders`, `customers`, by role; role 1 (the admin) always holds everything. */
  readonly rights: { orders: RoleRights; customers: RoleRights };
  /** The `customers` scope of rendering 2 (users 2 and 3), if any. */
  readonly customersScope?: unknown;
  /** The saved charts of rendering 2. */
  readonly stats?: unknown[];
  /** Customizations of the shop (computed fields…). */
  readonly customize?: (agent: Agent) => void;
  /** How many orders (default 20; customer of order n = ((n - 1) % 10) + 1). */
  readonly orderCount?: number;
}

export interface RestrictedShop {
  readonly shop: SqlShop;
  readonly agent: TestAgent;
  /** Authorization headers: user 1 admin; users 2 and 3 user-level with roles 2 and 3. */
  readonly as: Record<1 | 2 | 3, { Authorization: string }>;
  /** Runs a SELECT on the SQLite file directly. */
  select<T extends object = Record<string, unknown>>(sql: string): Promise<T[]>;
  stop(): Promise<void>;
}

const rightsOf = (byRole: RoleRights) =>
  Object.fromEntries(
    allRights.map(right => {
      const roles = [1, ...Object.keys(byRole).map(Number)].filter(
        role => role === 1 || byRole[role]?.includes(right),
      );

      return [`${right}Enabled`, { roles }];
    }),
  );

/**
 * A running agent over a SQLite shop (customers ← orders) whose platform has three users: 1 an
 * admin (role 1, rendering 1, no scope), 2 and 3 user-level (roles 2 and 3, rendering 2, with
 * the given `customers` scope and saved charts).
 */
export async function startRestrictedShop(options: RestrictedShopOptions): Promise<RestrictedShop> {
  const shop = await createSqlShop(options.orderCount ?? 20);
  const agent = await startTestAgent(
    a => {
      a.addDataSource(shop.factory());
      options.customize?.(a);
    },
    {},
    platform => {
      platform.state.environment = {
        collections: {
          orders: { collection: rightsOf(options.rights.orders), actions: {} },
          customers: { collection: rightsOf(options.rights.customers), actions: {} },
        },
      };
      platform.state.users = [
        platformUser(1),
        platformUser(2, { permissionLevel: 'user', roleId: 2 }),
        platformUser(3, { permissionLevel: 'user', roleId: 3 }),
      ];
      platform.state.renderings['2'] = {
        team: { id: 1, name: 'Ops' },
        collections: options.customersScope
          ? { customers: { scope: options.customersScope, segments: [] } }
          : {},
        stats: options.stats ?? [],
      };
    },
  );
  const user = async (id: number) => ({
    Authorization: `Bearer ${await sessionToken({ id, permissionLevel: 'user', renderingId: 2 })}`,
  });
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: shop.path, logging: false });

  return {
    shop,
    agent,
    as: {
      1: { Authorization: `Bearer ${await sessionToken()}` },
      2: await user(2),
      3: await user(3),
    },
    select: <T extends object>(sql: string) => sequelize.query<T>(sql, { type: QueryTypes.SELECT }),
    async stop() {
      await sequelize.close();
      await agent.stop();
      await shop.drop();
    },
  };
}
