import type { Options, Sequelize } from 'sequelize';

type Row = Record<string, unknown>;

/** What a dialect's native query runner needs: the pool, the statement and its limits. */
export interface NativeQueryContext {
  readonly sequelize: Sequelize;
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

/**
 * Logs a statement like Sequelize does (the data source's Debug logs).
 *
 * @example
 * ```ts
 * logStatement(sequelize, 'SELECT 1');
 * ```
 */
export function logStatement(sequelize: Sequelize, sql: string): void {
  const { logging } = optionsOf(sequelize);
  if (typeof logging === 'function') logging(sql);
}

/**
 * The options a Sequelize instance was built with (present at run time, absent from its typings).
 *
 * @example
 * ```ts
 * optionsOf(sequelize).storage; // './shop.sqlite'
 * ```
 */
export function optionsOf(sequelize: Sequelize): Options {
  return (sequelize as unknown as { options: Options }).options;
}
