import { GroveError } from '@grove/datasource-toolkit';

/**
 * A query reached a data source built from a saved introspection without a database (see
 * `createDisconnectedSqlDataSource`): such a data source describes a schema, it runs nothing.
 *
 * @example
 * ```ts
 * // This data source has no database connection (it was built from an introspection to
 * // describe its schema): it cannot run queries.
 * ```
 */
export class DisconnectedDataSourceError extends GroveError {
  constructor() {
    super(
      'ServiceUnavailableError',
      'This data source has no database connection (it was built from an introspection to describe its schema): it cannot run queries.',
      { name: 'DisconnectedDataSourceError' },
    );
  }
}
