import {
  BaseDataSource,
  ValidationError,
  type FieldSchema,
  type Logger,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import { SqlCollection } from './collection/sql-collection';
import type { SqlConnection } from './connection/sql-connection';
import type { Introspection } from './introspection/introspection';
import { buildRelations } from './schema/build-relations';
import { buildTableModel, type TableModel } from './schema/table-model';
import { runNativeQuery } from './native/run-native-query';
import { createDialect } from './sql/create-dialect';
import type { ModelRegistry } from './sql/query-scope';

/** Options of the data source besides the connection. */
export interface SqlDataSourceOptions {
  /** Registers the connection for native queries (SQL charts, segments) under this name. */
  readonly liveQueryConnections?: string;
  /**
   * How long a native query may run before the database stops it (default 10 000 ms). Native
   * queries are read-only by construction: see the README.
   */
  readonly nativeQueryTimeoutMs?: number;
}

const defaultNativeQueryTimeoutMs = 10_000;

/**
 * The collections of one SQL database: one per table and view (views read-only), with the
 * relations derived from foreign keys. `close()` releases the connection pool.
 *
 * @example
 * ```ts
 * const dataSource = new SqlDataSource(connection, introspection, logger);
 * dataSource.getCollection('books');
 * ```
 */
export class SqlDataSource extends BaseDataSource<SqlCollection> implements ModelRegistry {
  private readonly models = new Map<string, TableModel>();
  private readonly nativeQueryTimeoutMs: number;

  constructor(
    readonly connection: SqlConnection,
    introspection: Introspection,
    logger: Logger,
    options: SqlDataSourceOptions = {},
  ) {
    super();
    this.nativeQueryTimeoutMs = options.nativeQueryTimeoutMs ?? defaultNativeQueryTimeoutMs;
    if (!Number.isFinite(this.nativeQueryTimeoutMs) || this.nativeQueryTimeoutMs <= 0) {
      throw new ValidationError('nativeQueryTimeoutMs must be a positive number of milliseconds');
    }
    const dialect = createDialect(connection);
    const relations = buildRelations(introspection.tables);
    const all = [
      ...introspection.tables.map(t => ({ table: t, isView: false })),
      ...introspection.views.map(t => ({ table: t, isView: true })),
    ];
    for (const { table, isView } of all) {
      try {
        const { model, fields } = buildTableModel(table, isView, logger);
        const merged: Record<string, FieldSchema> = { ...fields };
        for (const [name, relation] of Object.entries(
          isView ? {} : (relations.get(table.name) ?? {}),
        )) {
          if (name in merged)
            logger(
              'Warn',
              `Skipping relation "${table.name}.${name}" because of error: a column has this name`,
            );
          else merged[name] = relation;
        }
        this.models.set(model.name, model);
        this.addCollection(
          new SqlCollection(this, model, merged, { connection, dialect, registry: this }),
        );
      } catch (error) {
        logger(
          'Warn',
          `Skipping table "${table.name}" because of error: ${(error as Error).message}`,
        );
      }
    }
    if (options.liveQueryConnections)
      this.addNativeQueryConnection(options.liveQueryConnections, connection);
  }

  /** The query model of a collection. */
  model(collection: string): TableModel {
    const model = this.models.get(collection);
    if (!model) throw new ValidationError(`Collection '${collection}' not found.`);

    return model;
  }

  /** A relation field of a collection. */
  relation(collection: string, name: string): RelationSchema | undefined {
    const field = this.models.has(collection)
      ? this.getCollection(collection).schema.fields[name]
      : undefined;

    return field && field.type !== 'Column' ? field : undefined;
  }

  /**
   * Runs a read query on a registered connection, read-only by construction: in a read-only
   * transaction (PostgreSQL, MySQL, MariaDB) or on a read-only connection (SQLite), as a single
   * statement, stopped after `nativeQueryTimeoutMs`; nothing it does is ever committed.
   * `{{currentUser.id}}`-style variables become bound parameters, never SQL text; their values
   * come from `contextVariables` only (the caller fills `currentUser.*` from the session).
   */
  override async executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>[]> {
    if (!(connectionName in this.nativeQueryConnections)) {
      throw new ValidationError(`Unknown connection name '${connectionName}'`);
    }
    const bind: unknown[] = [];
    // MySQL and MariaDB run it through Sequelize's bind formatting, which would read a `$name`
    // of the query (even in a string literal) as a parameter and `$$` as `$`: `$` becomes `$$`.
    const { dialect } = this.connection;
    const dollar = dialect === 'mysql' || dialect === 'mariadb' ? '$$' : '$';
    const sql = query.replace(/\{\{\s*([\w.]+)\s*\}\}|\$/g, (_match, name?: string) => {
      if (name === undefined) return dollar;
      if (!Object.hasOwn(contextVariables, name))
        throw new ValidationError(`Unknown context variable '${name}'`);
      bind.push(contextVariables[name]);

      return `$${bind.length}`;
    });

    return runNativeQuery(this.connection.dialect, {
      connection: this.connection,
      sql,
      bind,
      timeoutMs: this.nativeQueryTimeoutMs,
      isMariaDbServer: this.connection.isMariaDbServer,
    });
  }

  /**
   * Runs `work` in one database transaction: every read and write of this data source's
   * collections made while it runs (from any nested async code) joins it, and a nested call joins
   * the outer one. Rolled back, and the error rethrown, when `work` throws.
   */
  override transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.connection.transaction(work);
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.connection.close();
  }
}
