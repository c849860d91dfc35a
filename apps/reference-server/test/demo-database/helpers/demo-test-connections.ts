import { reportSkipped } from '@grove/datasource-toolkit/testing';
import type { DemoDialect } from '../../../src/demo-database/demo-dialects';

/** A database server the demo-database suites run on. */
export interface DemoTestConnection {
  readonly name: string;
  readonly dialect: DemoDialect;
  /** The environment variable holding the URL (none for SQLite). */
  readonly variable?: string;
  /** Undefined when the environment does not provide the server: the suite is skipped. */
  readonly url?: string;
}

/**
 * SQLite always; PostgreSQL, MySQL (mysql2) and MariaDB (mariadb driver) when their URL
 * variables are set (`.ci/run` sets them; `MYSQL_URL` defaults to the MariaDB server there).
 */
export const demoTestConnections: readonly DemoTestConnection[] = [
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
    url: process.env.MARIADB_URL?.replace(/^mysql:/, 'mariadb:'),
  },
];

/**
 * The servers of {@link demoTestConnections} whose URL is set; each missing one is reported by
 * one line (`skipped: no POSTGRES_URL`).
 *
 * @example
 * ```ts
 * describe.each(availableDemoConnections())('$name: …', connection => { … });
 * ```
 */
export function availableDemoConnections(): DemoTestConnection[] {
  for (const skipped of demoTestConnections.filter(c => !c.url)) {
    reportSkipped(`no ${skipped.variable}`);
  }

  return demoTestConnections.filter(c => c.url);
}
