import { isGroveError } from '@grove/datasource-toolkit';
import { createSqlDataSource, MissingDriverError } from '../../src';
import { explainDriverError } from '../../src/connection/missing-driver-error';

// mysql2 is a devDependency here: the test makes it unloadable, as when a user did not install it.
jest.mock('mysql2', () => {
  throw Object.assign(new Error("Cannot find module 'mysql2'"), { code: 'MODULE_NOT_FOUND' });
});

describe('a missing driver', () => {
  it('fails the data source at start with the package to install', async () => {
    const factory = createSqlDataSource('mysql://root@127.0.0.1:1/shop');
    const error: unknown = await factory(
      () => undefined,
      async () => undefined,
    ).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );

    expect(error).toBeInstanceOf(MissingDriverError);
    expect(isGroveError(error, 'InternalServerError')).toBe(true);
    expect((error as MissingDriverError).message).toBe(
      'The mysql dialect needs the mysql2 package, which is not installed: npm install mysql2',
    );
    expect((error as MissingDriverError).data).toEqual({ dialect: 'mysql', driver: 'mysql2' });
  });

  it.each([
    ['postgres', 'pg'],
    ['mariadb', 'mariadb'],
    ['sqlite', 'sqlite3'],
  ] as const)('names the driver of %s: %s', (dialect, driver) => {
    const error = explainDriverError(
      dialect,
      new Error(`Please install ${driver} package manually`),
    );

    expect(error).toBeInstanceOf(MissingDriverError);
    expect((error as MissingDriverError).driver).toBe(driver);
    expect((error as Error).message).toContain(`npm install ${driver}`);
  });

  it('leaves any other error as it is', () => {
    const other = new Error('Dialect needs to be explicitly supplied');

    expect(explainDriverError('postgres', other)).toBe(other);
  });
});
