import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Sequelize } from 'sequelize';

import { createPlatform } from '../../src';
import type { Platform, PlatformDatabaseOptions, PlatformOptions } from '../../src';
import type { BootstrapOptions } from '../../src';
import type { TestServer } from './test-databases';

/** Where a test platform keeps its data, and how to remove it. */
export interface TestPlatformDatabase {
  readonly options: PlatformDatabaseOptions;
  drop(): Promise<void>;
}

/**
 * A new, empty platform database on a server (a temporary SQLite file, or a fresh PostgreSQL
 * schema), not opened yet: several platform processes may then open it.
 */
export async function createTestPlatformDatabase(
  server: TestServer,
): Promise<TestPlatformDatabase> {
  const url = server.url as string;
  if (url === 'sqlite') {
    const file = join(tmpdir(), `grove-platform-${randomBytes(6).toString('hex')}.sqlite`);

    return { options: { url: `sqlite:${file}` }, drop: () => rm(file, { force: true }) };
  }
  const schema = `grove_platform_${randomBytes(6).toString('hex')}`;
  const admin = new Sequelize(url, { logging: false });
  await admin.query(`CREATE SCHEMA ${schema}`);

  return {
    options: { url, schema },
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

/** A running test platform on its own database, and how to stop it and drop its data. */
export interface TestPlatform {
  readonly platform: Platform;
  readonly database: TestPlatformDatabase;
  /** Closes the platform and drops its database. */
  stop(): Promise<void>;
}

/**
 * Starts a platform on a random port and a fresh database of the server. Its bootstrap admin
 * keeps the generated password (`mustChangePassword: false`) unless the test asks for the
 * first-start password change with `bootstrap: { mustChangePassword: true }`: the other tests
 * log in with it and call the whole admin API.
 */
export async function startTestPlatform(
  server: TestServer,
  options: PlatformOptions & { bootstrap?: BootstrapOptions | false } = {},
): Promise<TestPlatform> {
  const database = await createTestPlatformDatabase(server);
  const bootstrap =
    options.bootstrap === false ? false : { mustChangePassword: false, ...options.bootstrap };
  try {
    const platform = await createPlatform({
      port: 0,
      logger: () => undefined,
      ...options,
      bootstrap,
      database: database.options,
    });

    return {
      platform,
      database,
      stop: async () => {
        await platform.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
