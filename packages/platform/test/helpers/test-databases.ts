import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { reportSkipped } from '@grove/datasource-toolkit/testing';
import { Sequelize } from 'sequelize';

import { openPlatformDatabase } from '../../src';
import type { PlatformDatabase } from '../../src';

/** A database server the suites run on. */
export interface TestServer {
  readonly name: string;
  /** The environment variable holding the URL (none for SQLite). */
  readonly variable?: string;
  /** Undefined when the environment does not provide the server: the suite is skipped. */
  readonly url?: string;
}

const servers: readonly TestServer[] = [
  { name: 'SQLite', url: 'sqlite' },
  { name: 'PostgreSQL', variable: 'POSTGRES_URL', url: process.env.POSTGRES_URL },
];

/**
 * SQLite always, PostgreSQL when `POSTGRES_URL` is set; a missing server is reported by one line
 * (`skipped: no POSTGRES_URL`) so that a run without the variable says what it did not test.
 */
export function availableServers(): TestServer[] {
  for (const skipped of servers.filter(s => !s.url)) reportSkipped(`no ${skipped.variable}`);

  return servers.filter(s => s.url);
}

/** A fresh, migrated platform database and the way to drop it. */
export interface TestDatabase {
  readonly db: PlatformDatabase;
  /** PostgreSQL: the schema of this database (created for it); SQLite: undefined. */
  readonly schema?: string;
  /** Opens the same database again (a second process, a restart). */
  reopen(): Promise<PlatformDatabase>;
  /** Closes and drops everything it created. */
  drop(): Promise<void>;
}

/**
 * A new platform database on a server: a new file in the temporary directory on SQLite, a new schema
 * `grove_platform_<random>` on PostgreSQL (other suites share the server).
 */
export async function createTestDatabase(server: TestServer): Promise<TestDatabase> {
  const url = server.url as string;

  if (url === 'sqlite') {
    const file = join(tmpdir(), `grove-platform-${randomBytes(6).toString('hex')}.sqlite`);
    const db = await openPlatformDatabase({ url: `sqlite:${file}` });

    return {
      db,
      reopen: () => openPlatformDatabase({ url: `sqlite:${file}` }),
      drop: async () => {
        await db.close();
        await rm(file, { force: true });
      },
    };
  }

  const schema = `grove_platform_${randomBytes(6).toString('hex')}`;
  const admin = new Sequelize(url, { logging: false });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openPlatformDatabase({ url, schema });

  return {
    db,
    schema,
    reopen: () => openPlatformDatabase({ url, schema }),
    drop: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}
