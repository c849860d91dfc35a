import { GroveError } from '@grove/datasource-toolkit';
import type { SqlDialectName } from './connection-options';

/** The npm package of each dialect's driver: an optional peer dependency, installed by the user. */
export const DRIVER_PACKAGES: Readonly<Record<SqlDialectName, string>> = {
  sqlite: 'sqlite3',
  postgres: 'pg',
  mysql: 'mysql2',
  mariadb: 'mariadb',
};

/**
 * The driver of the dialect is not installed (drivers are optional peer dependencies). The
 * message names the package to install.
 *
 * @example
 * ```ts
 * // The mysql dialect needs the mysql2 package, which is not installed: npm install mysql2
 * if (isGroveError(error) && error.name === 'MissingDriverError') console.error(error.message);
 * ```
 */
export class MissingDriverError extends GroveError {
  readonly driver: string;

  constructor(dialect: SqlDialectName, cause?: unknown) {
    const driver = DRIVER_PACKAGES[dialect];
    super(
      'InternalServerError',
      `The ${dialect} dialect needs the ${driver} package, which is not installed: npm install ${driver}`,
      { name: 'MissingDriverError', data: { dialect, driver }, cause },
    );
    this.driver = driver;
  }
}

/**
 * Sequelize's "Please install <driver> package manually" (thrown when the dialect's driver cannot
 * be loaded) as a {@link MissingDriverError}; any other error as it is.
 *
 * @example
 * ```ts
 * try { new Sequelize(options); } catch (error) { throw explainDriverError('mysql', error); }
 * ```
 */
export function explainDriverError(dialect: SqlDialectName, error: unknown): unknown {
  return error instanceof Error && /^Please install \S+ package manually$/.test(error.message)
    ? new MissingDriverError(dialect, error)
    : error;
}
