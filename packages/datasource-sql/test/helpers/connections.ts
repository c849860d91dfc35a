import { reportSkipped } from '@grove/datasource-toolkit/testing';
import type { SqlDialectName } from '../../src';

/** A database server the integration suites run on. */
export interface TestConnection {
  readonly name: string;
  readonly dialect: SqlDialectName;
  /** The environment variable holding the URL (none for SQLite). */
  readonly variable?: string;
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
  {
    name: 'PostgreSQL',
    dialect: 'postgres',
    variable: 'POSTGRES_URL',
    url: process.env.POSTGRES_URL,
  },
  {
    name: 'MySQL dialect',
    dialect: 'mysql',
    variable: 'MYSQL_URL',
    url: process.env.MYSQL_URL?.replace(/^mariadb:/, 'mysql:'),
  },
  {
    name: 'MariaDB dialect',
    dialect: 'mariadb',
    variable: 'MARIADB_URL',
    url: mariadbUrl?.replace(/^mysql:/, 'mariadb:'),
  },
];

/** A unique name for a schema, database or file of one test data source. */
export function uniqueName(): string {
  return `grove_sql_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The servers of {@link testConnections} whose URL is set; each missing one is reported by one
 * line (`skipped: no POSTGRES_URL`), so that a run without the variables says what it did not
 * test.
 *
 * @example
 * ```ts
 * describe.each(availableConnections())('$name', connection => { … });
 * ```
 */
export function availableConnections(): TestConnection[] {
  for (const skipped of testConnections.filter(c => !c.url)) {
    reportSkipped(`no ${skipped.variable}`);
  }

  return testConnections.filter(c => c.url);
}
