import type { SqlDataSource } from '../src';
import { availableConnections } from './helpers/connections';
import { openSqlDataSource } from './helpers/open-data-source';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

// A `$` of the query's own text is SQL, never a parameter, whether the query has variables or not.
describe.each(availableConnections())('$name: native queries holding `$`', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    dataSource = await openSqlDataSource(
      { ...scratch.options, dialect: connection.dialect },
      { liveQueryConnections: 'main' },
    );
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  it.each([
    ["SELECT '$discount' AS a, {{x}} AS b", '$discount'],
    ["SELECT '$1 off' AS a, {{x}} AS b", '$1 off'],
    ["SELECT 'a $$ b' AS a, {{x}} AS b", 'a $$ b'],
  ])('%s', async (sql, text) => {
    const [row] = await dataSource.executeNativeQuery('main', sql, { x: 5 });

    expect([row?.a, Number(row?.b)]).toEqual([text, 5]);
  });

  it.each([
    ["SELECT '$discount' AS a", '$discount'],
    ["SELECT 'a $$ b' AS a", 'a $$ b'],
  ])('%s (no variable)', async (sql, text) => {
    expect(await dataSource.executeNativeQuery('main', sql)).toEqual([{ a: text }]);
  });
});
