import { ValidationError } from '@grove/datasource-toolkit';
import { Sequelize, Transaction } from 'sequelize';
import type { Options } from 'sequelize';

import { resolveEnvSecretBox } from '../auth/env-secret-box';
import { migratePlatformDatabase } from './migrate-platform-database';
import { definePlatformModels } from './models/define-platform-models';
import type { PlatformDatabase } from './platform-database';
import { resolvePlatformDatabaseUrl } from './platform-database-options';
import type { PlatformDatabaseOptions } from './platform-database-options';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function connectionOptions(url: string, options: PlatformDatabaseOptions): Options {
  const { logger } = options;
  const logging = logger ? (sql: string) => logger('Debug', sql) : false;

  if (url.startsWith('sqlite:')) {
    if (options.schema !== undefined) {
      throw new ValidationError('The platform database `schema` option is for PostgreSQL only');
    }

    // `sqlite::memory:` or `sqlite:<path>`; Sequelize turns foreign keys on for every connection.
    return {
      dialect: 'sqlite',
      storage: url.slice('sqlite:'.length),
      logging,
      // Sequelize opens a connection per SQLite transaction: a write meeting another one's lock
      // is retried rather than failed. Transactions take the write lock when they begin
      // (IMMEDIATE): a deferred one that read first and then writes while another connection
      // writes gets SQLITE_BUSY on every retry (SQLite cannot upgrade its read lock), where a
      // BEGIN IMMEDIATE that meets the lock is simply retried.
      retry: { match: [/SQLITE_BUSY/], max: 10 },
      transactionType: Transaction.TYPES.IMMEDIATE,
    };
  }

  if (/^postgres(ql)?:\/\//.test(url)) {
    if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
      throw new ValidationError(`Invalid PostgreSQL schema name "${options.schema}"`);
    }

    return {
      dialect: 'postgres',
      logging,
      // Unqualified table names resolve in this schema, for the migrations and the models.
      dialectOptions: options.schema ? { options: `-c search_path=${options.schema}` } : {},
    };
  }

  throw new ValidationError(
    'The platform database URL must start with `sqlite:` or `postgres://` ' +
      '(option `url` or GROVE_PLATFORM_DATABASE_URL)',
  );
}

/**
 * Opens the platform database, applies the migrations it has not run yet and returns its
 * models. SQLite by default (a file in the working directory), PostgreSQL by URL.
 *
 * @example
 * ```ts
 * const db = await openPlatformDatabase({ url: 'sqlite:platform.sqlite' });
 * const project = await db.models.Project.create({ name: 'Shop' });
 * await db.close();
 * ```
 */
export async function openPlatformDatabase(
  options: PlatformDatabaseOptions = {},
): Promise<PlatformDatabase> {
  const url = resolvePlatformDatabaseUrl(options);
  const settings = connectionOptions(url, options);
  const sequelize =
    settings.dialect === 'sqlite' ? new Sequelize(settings) : new Sequelize(url, settings);

  try {
    await migratePlatformDatabase(sequelize, options.logger, options.schema);
  } catch (error) {
    await sequelize.close();
    throw error;
  }

  const models = definePlatformModels(sequelize);
  let envSecrets: PlatformDatabase['envSecrets'];
  try {
    envSecrets = await resolveEnvSecretBox(models, options.secretKey);
  } catch (error) {
    await sequelize.close();
    throw error;
  }

  return {
    sequelize,
    models,
    envSecrets,
    dialect: settings.dialect === 'sqlite' ? 'sqlite' : 'postgres',
    close: () => sequelize.close(),
  };
}
