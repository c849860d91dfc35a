import type { ConnectionOptions } from '@grove/datasource-sql';

/**
 * The connection of a SQL data source in `datasources.js` (local `start`): a URI or the options
 * of `@grove/datasource-sql`'s `createSqlDataSource`.
 *
 * @example
 * ```ts
 * const params: SqlConnectionParams = 'postgres://app:secret@localhost:5432/shop';
 * ```
 */
export type SqlConnectionParams = ConnectionOptions;

/**
 * The connection of a MongoDB data source. Grove has no MongoDB data source yet: the type is
 * here so that projects written for one compile, but `start` cannot connect to it.
 *
 * @example
 * ```ts
 * const params: MongoConnectionParams = { uri: 'mongodb://localhost:27017/shop' };
 * ```
 */
export interface MongoConnectionParams {
  readonly uri: string;
  /** Driver options, passed as is. */
  readonly connection?: Record<string, unknown>;
}
