import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
  type Caller,
} from '@grove/datasource-toolkit';
import type { SqlDataSource } from '../src';
import { availableConnections } from './helpers/connections';
import { openSqlDataSource } from './helpers/open-data-source';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

const caller = { timezone: 'UTC' } as Caller;
// Names Sequelize's bind syntax could read as a parameter (`$type`) or an escape (`$$`), with
// the quotes of both quoting styles and a space.
const dollar = '$type';
const odd = 'a $$b "c` d';

describe.each(availableConnections())('$name: odd identifiers', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    const my = connection.dialect === 'mysql' || connection.dialect === 'mariadb';
    const q = (name: string) =>
      my ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
    const prefix = scratch.schema ? `SET search_path TO "${scratch.schema}"; ` : '';
    await scratch.sequelize.query(
      `${prefix}CREATE TABLE ${q('$ledger')} (id INTEGER PRIMARY KEY, ${q(dollar)} VARCHAR(10), ${q(odd)} VARCHAR(10))`,
    );
    await scratch.sequelize.query(
      `${prefix}INSERT INTO ${q('$ledger')} VALUES (1, 'x', 'y'), (2, 'z', NULL)`,
    );
    dataSource = await openSqlDataSource({ ...scratch.options, dialect: connection.dialect });
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const ledger = () => dataSource.getCollection('$ledger');
  const list = (filter: PaginatedFilter) =>
    ledger().list(caller, filter, new Projection('id', dollar, odd));

  it('lists without values', async () => {
    expect(
      await list(new PaginatedFilter({ sort: new Sort({ field: odd, ascending: true }) })),
    ).toEqual([
      { id: 2, [dollar]: 'z', [odd]: null },
      { id: 1, [dollar]: 'x', [odd]: 'y' },
    ]);
  });

  it('lists with bound values', async () => {
    expect(
      await list(
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(dollar, 'Equal', 'x') }),
      ),
    ).toEqual([{ id: 1, [dollar]: 'x', [odd]: 'y' }]);
  });

  it('updates and aggregates with bound values', async () => {
    await ledger().update(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf(odd, 'Missing') }),
      { [odd]: '$1' },
    );

    expect(
      await ledger().aggregate(
        caller,
        new Filter({ conditionTree: new ConditionTreeLeaf(odd, 'Equal', '$1') }),
        new Aggregation({ operation: 'Count', groups: [{ field: dollar }] }),
      ),
    ).toEqual([{ value: 1, group: { [dollar]: 'z' } }]);
  });
});
