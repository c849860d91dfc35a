import type { Sequelize } from 'sequelize';
import type { DriverPool } from '../connection/driver-pool';

type Row = Record<string, unknown>;

/** What native query runners use of the data source's connection. */
export interface NativeQueryConnection {
  /** PostgreSQL and SQLite: the driver's pool. */
  readonly driverPool: DriverPool | null;
  /** MySQL and MariaDB: Sequelize, whose pool they run on. */
  readonly sequelize: Sequelize;
}

/** What a dialect's native query runner needs: the pool, the statement and its limits. */
export interface NativeQueryContext {
  readonly connection: NativeQueryConnection;
  /**
   * The statement, with its placeholders already replaced by `$1, $2…`; for MySQL and MariaDB
   * (whose runner goes through Sequelize's bind formatting), a `$` of its own text is `$$`.
   */
  readonly sql: string;
  /** The values of `$1, $2…`, in order. */
  readonly bind: readonly unknown[];
  /** The statement timeout, in milliseconds. */
  readonly timeoutMs: number;
  /** Whether a MySQL-protocol server is MariaDB (statement timeout variable). */
  readonly isMariaDbServer: boolean;
}

/** A dialect's native query runner. */
export type NativeQueryRunner = (context: NativeQueryContext) => Promise<Row[]>;
