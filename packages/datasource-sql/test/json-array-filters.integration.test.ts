import {
  ConditionTreeLeaf,
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

// A `json` column (not `jsonb` on PostgreSQL): the array operators must read it as JSON too.
describe.each(availableConnections())('$name: array operators on a json column', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    const prefix = scratch.schema ? `SET search_path TO "${scratch.schema}"; ` : '';
    await scratch.sequelize.query(
      `${prefix}CREATE TABLE docs (id INTEGER PRIMARY KEY, data ${connection.dialect === 'sqlite' ? 'JSON' : 'json'})`,
    );
    await scratch.sequelize.query(
      `${prefix}INSERT INTO docs (id, data) VALUES (1, '["a", "b"]'), (2, '["c"]'), (3, NULL), (4, '{"a": 1}')`,
    );
    dataSource = await openSqlDataSource({ ...scratch.options, dialect: connection.dialect });
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const ids = async (operator: 'IncludesAll' | 'IncludesNone', values: unknown[]) => {
    const records = await dataSource.getCollection('docs').list(
      caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('data', operator, values),
        sort: new Sort({ field: 'id', ascending: true }),
      }),
      new Projection('id'),
    );

    return records.map(r => r.id);
  };

  it('IncludesAll selects the arrays holding every value', async () => {
    expect(await ids('IncludesAll', ['a', 'b'])).toEqual([1]);
  });

  it('IncludesNone selects the rest, nulls included (D20)', async () => {
    expect(await ids('IncludesNone', ['a'])).toEqual([2, 3, 4]);
  });
});
