import { Sequelize, QueryTypes, type Options, type Transaction } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import type { ResolvedConnectionOptions, SqlDialectName } from './connection-options';
import { DatabaseConnectError, humanizeErrorName } from './database-connect-error';

type Row = Record<string, unknown>;

function tlsOptions(options: ResolvedConnectionOptions, mode: string): Record<string, unknown> {
  const base = { ...(options.dialectOptions ?? {}) };
  if (mode === 'manual' || options.dialect === 'sqlite') {
    return options.ssl === undefined ? base : { ...base, ssl: options.ssl };
  }
  if (mode === 'disabled') return { ...base, ssl: false };
  const verify = mode === 'verify';
  const servername = options.dialect === 'postgres' ? { servername: options.host } : {};

  return { ...base, ssl: { rejectUnauthorized: verify, ...servername } };
}

/**
 * A live connection pool (Sequelize) with the facts queries depend on: the dialect, the schema,
 * and whether a MySQL-protocol server is MariaDB. Every statement goes through `select` or
 * `run`, with bound parameters written `$1, $2…`, and is logged at Debug level.
 *
 * @example
 * ```ts
 * const connection = await SqlConnection.open(resolveConnectionOptions(uri), logger);
 * const rows = await connection.select('SELECT 1 AS one WHERE 1 = $1', [1]);
 * ```
 */
export class SqlConnection {
  private constructor(
    readonly sequelize: Sequelize,
    readonly dialect: SqlDialectName,
    readonly schema: string | undefined,
    readonly debugUri: string,
    readonly isMariaDbServer: boolean,
  ) {}

  /** Connects and tests the connection, or throws a {@link DatabaseConnectError}. */
  static async open(options: ResolvedConnectionOptions, logger?: Logger): Promise<SqlConnection> {
    const modes = options.sslMode === 'preferred' ? ['required', 'disabled'] : [options.sslMode];
    let lastError: unknown;
    for (const mode of modes) {
      const sequelize = new Sequelize(sequelizeOptions(options, mode, logger));
      try {
        await withTimeout(sequelize.authenticate(), options.connectionTimeoutInMs);
        const flavor =
          options.dialect === 'mysql' || options.dialect === 'mariadb'
            ? String(
                (
                  (await sequelize.query('SELECT VERSION() AS v', {
                    type: QueryTypes.SELECT,
                  })) as Row[]
                )[0]?.v,
              )
            : '';
        const schema =
          options.dialect === 'postgres' ? (options.schema ?? 'public') : options.database;

        return new SqlConnection(
          sequelize,
          options.dialect,
          schema,
          options.debugUri,
          /mariadb/i.test(flavor),
        );
      } catch (error) {
        lastError = error;
        await sequelize.close().catch(() => undefined);
      }
    }
    const error = lastError as Error;
    const details =
      error?.message === 'timeout'
        ? 'Connection to database timed out'
        : `${humanizeErrorName(error?.name ?? 'Error')}: ${scrub(error?.message ?? '', options.password)}`;
    throw new DatabaseConnectError(options.debugUri, details, lastError);
  }

  /** Runs a query returning rows. */
  async select(
    sql: string,
    bind: readonly unknown[] = [],
    transaction?: Transaction,
  ): Promise<Row[]> {
    return (await this.sequelize.query(sql, {
      type: QueryTypes.SELECT,
      ...(bind.length ? { bind: [...bind] } : {}),
      transaction,
    })) as Row[];
  }

  /** Runs a write; returns what the driver reports first (the insert id on MySQL/MariaDB). */
  async run(
    sql: string,
    bind: readonly unknown[] = [],
    transaction?: Transaction,
  ): Promise<unknown> {
    const [result] = await this.sequelize.query(sql, {
      type: QueryTypes.RAW,
      ...(bind.length ? { bind: [...bind] } : {}),
      transaction,
    });

    return result;
  }

  /** Runs `work` in a transaction, committed when it resolves. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** Closes the pool. */
  close(): Promise<void> {
    return this.sequelize.close();
  }
}

function sequelizeOptions(
  options: ResolvedConnectionOptions,
  mode: string,
  logger?: Logger,
): Options {
  return {
    dialect: options.dialect,
    host: options.host,
    port: options.port,
    username: options.username,
    password: options.password,
    database: options.database,
    storage: options.storage,
    pool: options.pool,
    timezone: '+00:00',
    dialectOptions: {
      ...tlsOptions(options, mode),
      // Native queries name tables without a schema: resolve them in the configured one.
      ...(options.dialect === 'postgres' && options.schema
        ? { options: `-c search_path="${options.schema.replace(/"/g, '""')}",public` }
        : {}),
      // Never several statements in one query, whatever the user's options: native queries
      // rely on it (mysql2 and mariadb both name the option so).
      ...(options.dialect === 'mysql' || options.dialect === 'mariadb'
        ? { multipleStatements: false }
        : {}),
    },
    logging: logger ? sql => logger('Debug', sql.replace(/^Executing \([^)]*\): /, '')) : false,
  };
}

function scrub(message: string, password?: string): string {
  return password ? message.split(password).join('***') : message;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
