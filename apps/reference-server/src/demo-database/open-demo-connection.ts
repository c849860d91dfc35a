import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { GroveError } from '@grove/datasource-toolkit';
import { Sequelize } from 'sequelize';
import type { DemoDialect } from './demo-dialects';
import { parseDatabaseUrl } from './parse-database-url';

/** An open connection pool on the demo database. */
export interface DemoConnection {
  readonly sequelize: Sequelize;
  readonly dialect: DemoDialect;
  /** `dialect://host:port/database` or `sqlite:<file>`: never a password. */
  readonly debugUrl: string;
}

/**
 * Opens and tests a connection to the database of a URL. A missing SQLite file (and its
 * directory) and a missing PostgreSQL `?schema=` are created; a MySQL or MariaDB database must
 * exist. An unreachable database fails with a `ServiceUnavailableError` naming the credential-free
 * URL, the driver error kept as `cause`.
 *
 * @example
 * ```ts
 * const { sequelize, dialect } = await openDemoConnection('sqlite:./data/demo.sqlite');
 * await sequelize.close();
 * ```
 */
export async function openDemoConnection(url: string): Promise<DemoConnection> {
  const { dialect, options, storage, schema, debugUrl } = parseDatabaseUrl(url);
  if (storage && storage !== ':memory:')
    await mkdir(dirname(resolve(storage)), { recursive: true });
  const sequelize = new Sequelize(options);
  try {
    await sequelize.authenticate();
    if (schema)
      await sequelize.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '""')}"`);
  } catch (error) {
    await sequelize.close().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    const scrubbed = options.password ? message.split(options.password).join('***') : message;
    throw new GroveError(
      'ServiceUnavailableError',
      `Cannot open the demo database ${debugUrl}: ${scrubbed}`,
      { cause: error },
    );
  }

  return { sequelize, dialect, debugUrl };
}
