import type { SqlConnectionOptions, SqlDialectName } from './connection-options';

/**
 * How many connections a data source opens at most on a database server when `pool.max` is not
 * given. Sequelize's own default (5) queued the agent's reads under load: on the benchmark's
 * PostgreSQL, a count ran at 162 queries/s with 5 connections and 203 with 10. Ten per agent
 * process stays far below a server's usual limit (PostgreSQL's `max_connections` is 100).
 */
export const defaultPoolMax = 10;

/**
 * The pool options handed to Sequelize: the user's, with `max` defaulting to
 * {@link defaultPoolMax} on PostgreSQL, MySQL and MariaDB. SQLite's are left as given (one
 * connection serves a file).
 *
 * @example
 * ```ts
 * poolOptions('postgres', { min: 2 }); // { min: 2, max: 10 }
 * poolOptions('postgres', { max: 4 }); // { max: 4 }
 * ```
 */
export function poolOptions(
  dialect: SqlDialectName,
  pool: SqlConnectionOptions['pool'],
): SqlConnectionOptions['pool'] {
  if (dialect === 'sqlite') return pool;

  return { ...pool, max: pool?.max ?? defaultPoolMax };
}
