import { Filter, PaginatedFilter, Projection, type Caller } from '@grove/datasource-toolkit';
import type { SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections } from './helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

const caller = { timezone: 'UTC' } as Caller;
const connections = availableConnections();

describe.each(connections)('$name: driver errors', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    const my = connection.dialect === 'mysql' || connection.dialect === 'mariadb';
    const prefix = scratch.schema ? `SET search_path TO "${scratch.schema}"; ` : '';
    await scratch.sequelize.query(
      `${prefix}CREATE TABLE coupons (id INTEGER PRIMARY KEY, code VARCHAR(20) NOT NULL UNIQUE, ${my ? '' : 'percent INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100)'}${my ? 'percent INTEGER NOT NULL, CONSTRAINT percent_range CHECK (percent BETWEEN 0 AND 100)' : ''})`,
    );
    await scratch.sequelize.query(
      `${prefix}INSERT INTO coupons (id, code, percent) VALUES (1, 'WELCOME', 10)`,
    );
    dataSource = await openSqlDataSource({ ...scratch.options, dialect: connection.dialect });
  }, 60_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  const coupons = () => dataSource.getCollection('coupons');
  // SQLite fills an INTEGER PRIMARY KEY (the rowid): the field is read-only there.
  const key = connection.dialect === 'sqlite' ? {} : { id: 2 };

  it('a check constraint violation is a ValidationError naming the field', async () => {
    const error = await coupons()
      .create(caller, [{ ...key, code: 'HALF', percent: 150 }])
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: 'ValidationError',
      message:
        "The query violates a check constraint in the database on 'coupons.percent'. Please ensure that the value is allowed.",
      data: { fields: ['percent'] },
    });
  });

  it('a value too long for its column is a ValidationError without the driver message', async () => {
    const error = await coupons()
      .update(caller, new Filter({}), { code: 'X'.repeat(40) })
      .catch((e: unknown) => e);

    if (connection.dialect === 'sqlite')
      expect(error).toBeUndefined(); // SQLite does not check
    else
      expect(error).toMatchObject({
        code: 'ValidationError',
        message: expect.stringMatching(
          /^A value of 'coupons(\.code)?' was refused by the database/,
        ),
      });
  });

  it('a list on a closed connection is an InternalServerError "Unexpected error"', async () => {
    await dataSource.close();
    const error = await coupons()
      .list(caller, new PaginatedFilter(), new Projection('id'))
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'InternalServerError', message: 'Unexpected error' });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});
