import {
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
  type Caller,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections, type TestConnection } from './helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

const caller = { timezone: 'UTC' } as Caller;
const connections = availableConnections();

const suffix = Math.random().toString(36).slice(2, 8);
const accounts = `tx_accounts_${suffix}`;
const entries = `tx_entries_${suffix}`;

/** accounts (unique name) ← entries (amount NOT NULL). */
async function createTables(scratch: ScratchDatabase, connection: TestConnection): Promise<void> {
  const prefix = scratch.schema ? `"${scratch.schema}".` : '';
  const id = {
    sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    postgres: 'SERIAL PRIMARY KEY',
    mysql: 'INTEGER PRIMARY KEY AUTO_INCREMENT',
    mariadb: 'INTEGER PRIMARY KEY AUTO_INCREMENT',
  }[connection.dialect];
  await scratch.sequelize.query(
    `CREATE TABLE ${prefix}${accounts} (id ${id}, name VARCHAR(50) NOT NULL UNIQUE, balance INTEGER NOT NULL DEFAULT 0)`,
  );
  await scratch.sequelize.query(
    `CREATE TABLE ${prefix}${entries} (id ${id}, account_id INTEGER NOT NULL REFERENCES ${prefix}${accounts}(id), amount INTEGER NOT NULL)`,
  );
}

const byId = (id: unknown) =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

describe.each(connections)('$name: transactions and concurrent writes', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    await createTables(scratch, connection);
    dataSource = await openSqlDataSource({ ...scratch.options, dialect: connection.dialect });
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const all = async (name: string, ...fields: string[]): Promise<RecordData[]> =>
    dataSource
      .getCollection(name)
      .list(
        caller,
        new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) }),
        new Projection('id', ...fields),
      );
  const snapshot = async () => ({
    accounts: await all(accounts, 'name', 'balance'),
    entries: await all(entries, 'account_id', 'amount'),
  });

  it('commits writes to two tables together', async () => {
    const result = await dataSource.transaction(async () => {
      const [account] = await dataSource
        .getCollection(accounts)
        .create(caller, [{ name: `commit-${connection.dialect}` }]);
      await dataSource
        .getCollection(entries)
        .create(caller, [{ account_id: account?.id, amount: 10 }]);

      return account?.id;
    });

    const entry = (await all(entries, 'account_id', 'amount')).find(e => e.account_id === result);
    expect(entry).toMatchObject({ amount: 10 });
  });

  it('rolls back the first table when a constraint fails in the second', async () => {
    const before = await snapshot();
    const [existing] = before.accounts;
    await expect(
      dataSource.transaction(async () => {
        const [account] = await dataSource
          .getCollection(accounts)
          .create(caller, [{ name: 'rolled back' }]);
        await dataSource.getCollection(accounts).update(caller, byId(existing?.id), {
          balance: 999,
        });
        // NOT NULL violation in the second table.
        await dataSource
          .getCollection(entries)
          .create(caller, [{ account_id: account?.id, amount: null }]);
      }),
    ).rejects.toMatchObject({ code: 'ValidationError' });

    expect(await snapshot()).toEqual(before);
  });

  it('joins a nested transaction: the outer failure undoes the inner work', async () => {
    const before = await snapshot();
    await expect(
      dataSource.transaction(async () => {
        await dataSource.transaction(() =>
          dataSource.getCollection(accounts).create(caller, [{ name: 'inner' }]),
        );
        // Duplicate name: UNIQUE violation after the inner transaction "committed".
        await dataSource.getCollection(accounts).create(caller, [{ name: 'inner' }]);
      }),
    ).rejects.toMatchObject({ code: 'ValidationError' });

    expect(await snapshot()).toEqual(before);
  });

  it('reads its own writes inside a transaction, while reads outside it keep working', async () => {
    let opened: () => void = () => undefined;
    const isOpen = new Promise<void>(resolve => (opened = resolve));
    let close: () => void = () => undefined;
    const closing = new Promise<void>(resolve => (close = resolve));
    const name = `visible-${connection.dialect}`;

    const transaction = dataSource.transaction(async () => {
      await dataSource.getCollection(accounts).create(caller, [{ name }]);
      const inside = await all(accounts, 'name');
      opened();
      await closing;

      return inside.map(account => account.name);
    });
    await isOpen;
    const outside = (await all(accounts, 'name')).map(account => account.name);
    close();

    await expect(transaction).resolves.toContain(name);
    expect(outside).not.toContain(name);
    expect((await all(accounts, 'name')).map(account => account.name)).toContain(name);
  });

  it('completes 20 concurrent creates and 20 concurrent updates, every row correct', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `concurrent-${i}`);
    const created = await Promise.all(
      names.map(async (name, i) =>
        // Every fourth create is a transaction over both tables, the others single statements.
        i % 4 === 0
          ? dataSource.transaction(async () => {
              const [account] = await dataSource.getCollection(accounts).create(caller, [{ name }]);
              await dataSource
                .getCollection(entries)
                .create(caller, [{ account_id: account?.id, amount: i }]);

              return account;
            })
          : (await dataSource.getCollection(accounts).create(caller, [{ name }]))[0],
      ),
    );
    expect(created.map(account => account?.name)).toEqual(names);

    await Promise.all(
      created.map((account, i) =>
        dataSource.getCollection(accounts).update(caller, byId(account?.id), { balance: i * 10 }),
      ),
    );

    const stored = new Map((await all(accounts, 'name', 'balance')).map(a => [a.name, a]));
    names.forEach((name, i) => {
      expect(stored.get(name)).toEqual({ id: created[i]?.id, name, balance: i * 10 });
    });
    const amounts = (await all(entries, 'account_id', 'amount')).filter(entry =>
      created.some((account, i) => i % 4 === 0 && account?.id === entry.account_id),
    );
    expect(amounts.map(entry => entry.amount).sort((a, b) => Number(a) - Number(b))).toEqual([
      0, 4, 8, 12, 16,
    ]);
  });

  it('creates several batches of records atomically (a transaction per create)', async () => {
    const before = await snapshot();
    // Different field sets make several INSERTs; the last one breaks the UNIQUE constraint.
    await expect(
      dataSource
        .getCollection(accounts)
        .create(caller, [
          { name: 'batch-a' },
          { name: 'batch-b', balance: 1 },
          { name: 'batch-a' },
        ]),
    ).rejects.toMatchObject({ code: 'ValidationError' });

    expect(await snapshot()).toEqual(before);
  });
});
