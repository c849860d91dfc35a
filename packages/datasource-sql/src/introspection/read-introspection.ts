import type { Logger } from '@grove/datasource-toolkit';
import type { SqlConnection } from '../connection/sql-connection';
import { introspectionSource, type IntrospectedTable, type Introspection } from './introspection';
import type { IntrospectionContext, RawCatalogue } from './introspection-context';
import { introspectMysql } from './introspect-mysql';
import { introspectPostgres } from './introspect-postgres';
import { introspectSqlite } from './introspect-sqlite';

/** Attaches single-column foreign keys to their columns; others are logged and dropped. */
function attachForeignKeys(catalogue: RawCatalogue, schema: string | undefined, logger: Logger) {
  const byName = new Map(catalogue.tables.map(table => [table.name, table]));
  const constraints = new Map<string, Array<{ table: string; column: string }>>();
  for (const fk of catalogue.foreignKeys) {
    if (fk.columns.length !== 1) {
      logger(
        'Warn',
        `Composite relations are not supported. skipping '${fk.columns.join(', ')}' on '${fk.table}'`,
      );
      continue;
    }
    if (fk.foreignSchema !== undefined && schema !== undefined && fk.foreignSchema !== schema) {
      logger(
        'Warn',
        `Skipping relation from '${fk.table}' to '${fk.foreignTable}': relations between different schemas are not supported`,
      );
      continue;
    }
    const [column] = fk.columns as [string];
    const [target] = fk.foreignColumns as [string];
    const foreign = byName.get(fk.foreignTable);
    if (
      !foreign?.columns.some(c => c.name === target) ||
      !byName.get(fk.table)?.columns.some(c => c.name === column)
    ) {
      logger(
        'Error',
        `Failed to load constraints on relation on table '${fk.table}' referencing '${fk.foreignTable}.${target}'. The relation will be ignored.`,
      );
      continue;
    }
    const key = `${fk.table}.${column}`;
    constraints.set(key, [
      ...(constraints.get(key) ?? []),
      { table: fk.foreignTable, column: target },
    ]);
  }

  return catalogue.tables.map(({ isView, ...table }): IntrospectedTable & { isView: boolean } => {
    const names = new Set(table.columns.map(c => c.name));

    return {
      ...table,
      isView,
      unique: isView ? [] : table.unique.filter(list => list.every(name => names.has(name))),
      columns: table.columns.map(c => ({
        ...c,
        constraints: isView ? [] : (constraints.get(`${table.name}.${c.name}`) ?? []),
      })),
    };
  });
}

/**
 * Reads the schema of a connected database: tables, views, columns, keys and foreign keys.
 *
 * @example
 * ```ts
 * const introspection = await readIntrospection(connection, logger);
 * ```
 */
export async function readIntrospection(
  connection: SqlConnection,
  logger: Logger,
): Promise<Introspection> {
  const context: IntrospectionContext = {
    query: (sql, bind) => connection.select(sql, bind ?? []),
    schema: connection.schema ?? '',
    logger,
    isMariaDbServer: connection.isMariaDbServer,
  };
  const catalogue =
    connection.dialect === 'postgres'
      ? await introspectPostgres(context)
      : connection.dialect === 'sqlite'
        ? await introspectSqlite(context)
        : await introspectMysql(context);
  const tables = attachForeignKeys(
    catalogue,
    connection.dialect === 'sqlite' ? undefined : connection.schema,
    logger,
  );
  const strip = ({ isView: _, ...table }: IntrospectedTable & { isView: boolean }) => table;

  return {
    version: 3,
    source: introspectionSource,
    tables: tables.filter(t => !t.isView).map(strip),
    views: tables.filter(t => t.isView).map(strip),
  };
}
