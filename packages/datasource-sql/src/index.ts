// The public API of @grove/datasource-sql, written out by hand.

// Data source
export { createSqlDataSource, introspect } from './create-sql-data-source';
export type { CreateSqlDataSourceOptions } from './create-sql-data-source';
export { createDisconnectedSqlDataSource } from './create-disconnected-sql-data-source';
export { SqlDataSource } from './sql-data-source';
export type { SqlDataSourceOptions } from './sql-data-source';

// Connection
export type {
  ConnectionOptions,
  SqlConnectionOptions,
  SqlDialectName,
  SslMode,
} from './connection/connection-options';
export { DatabaseConnectError } from './connection/database-connect-error';
export { DisconnectedDataSourceError } from './connection/disconnected-data-source-error';
export { MissingDriverError } from './connection/missing-driver-error';

// Introspection format
export { upgradeIntrospection } from './introspection/upgrade-introspection';
export { IntrospectionFormatError } from './introspection/introspection-format-error';
export type {
  Introspection,
  IntrospectedTable,
  IntrospectedColumn,
  SqlColumnType,
  ScalarSubType,
} from './introspection/introspection';
