import type { SqlDialectName } from '../../src';

/** A database server the integration suites run on. */
export interface TestConnection {
  readonly name: string;
  readonly dialect: SqlDialectName;
  /** Undefined when the environment does not provide the server: the suite is skipped. */
  readonly url?: string;
}

const mariadbUrl = process.env.MARIADB_URL;

/**
 * SQLite always; PostgreSQL, MySQL (mysql2) and MariaDB (mariadb driver) when their URL
 * variables are set (`.ci/run` sets them).
 */
export const testConnections: readonly TestConnection[] = [
  { name: 'SQLite', dialect: 'sqlite', url: 'sqlite' },
  { name: 'PostgreSQL', dialect: 'postgres', url: process.env.POSTGRES_URL },
  {
    name: 'MySQL dialect',
    dialect: 'mysql',
    url: process.env.MYSQL_URL?.replace(/^mariadb:/, 'mysql:'),
  },
  { name: 'MariaDB dialect', dialect: 'mariadb', url: mariadbUrl?.replace(/^mysql:/, 'mariadb:') },
];

/** A unique name for a schema, database or file of one test data source. */
export function uniqueName(): string {
  return `grove_sql_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
