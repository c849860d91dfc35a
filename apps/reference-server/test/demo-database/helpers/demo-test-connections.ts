import type { DemoDialect } from '../../../src/demo-database/demo-dialects';

/** A database server the demo-database suites run on. */
export interface DemoTestConnection {
  readonly name: string;
  readonly dialect: DemoDialect;
  /** Undefined when the environment does not provide the server: the suite is skipped. */
  readonly url?: string;
}

/**
 * SQLite always; PostgreSQL, MySQL (mysql2) and MariaDB (mariadb driver) when their URL
 * variables are set (`.ci/run` sets them; `MYSQL_URL` defaults to the MariaDB server there).
 */
export const demoTestConnections: readonly DemoTestConnection[] = [
  { name: 'SQLite', dialect: 'sqlite', url: 'sqlite' },
  { name: 'PostgreSQL', dialect: 'postgres', url: process.env.POSTGRES_URL },
  {
    name: 'MySQL dialect',
    dialect: 'mysql',
    url: process.env.MYSQL_URL?.replace(/^mariadb:/, 'mysql:'),
  },
  {
    name: 'MariaDB dialect',
    dialect: 'mariadb',
    url: process.env.MARIADB_URL?.replace(/^mysql:/, 'mariadb:'),
  },
];
