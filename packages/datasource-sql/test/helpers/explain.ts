import type { Aggregation, Filter, PaginatedFilter, Projection } from '@grove/datasource-toolkit';
import type { SqlDataSource } from '../../src';
import { buildAggregate } from '../../src/sql/build-aggregate';
import { buildSelect } from '../../src/sql/build-select';
import { createDialect } from '../../src/sql/create-dialect';

/** The plan of a query as text lines, whatever the dialect's EXPLAIN output looks like. */
async function explainSql(dataSource: SqlDataSource, sql: string, bind: unknown[]) {
  const { connection } = dataSource;
  const prefix = connection.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const rows = await connection.select(prefix + sql, bind);

  return rows.map(row => {
    if (connection.dialect === 'postgres') return String(row['QUERY PLAN']);
    if (connection.dialect === 'sqlite') return String(row.detail);
    const { table, type, key, rows: count, Extra } = row as Record<string, unknown>;

    return `table=${String(table)} type=${String(type)} key=${String(key)} rows=${String(count)} extra=${String(Extra ?? '')}`;
  });
}

/**
 * The SQL of the list query the data source runs for this filter and projection, and its plan.
 *
 * @example
 * ```ts
 * const { sql, plan } = await explainList(dataSource, 'customers', filter, new Projection('id'));
 * ```
 */
export async function explainList(
  dataSource: SqlDataSource,
  collection: string,
  filter: PaginatedFilter,
  projection: Projection,
): Promise<{ sql: string; plan: string[] }> {
  const query = buildSelect(
    dataSource,
    createDialect(dataSource.connection),
    collection,
    filter,
    projection,
  );

  return { sql: query.sql, plan: await explainSql(dataSource, query.sql, query.bind) };
}

/**
 * The SQL of the aggregate query (a count) the data source runs, and its plan.
 *
 * @example
 * ```ts
 * const { plan } = await explainAggregate(dataSource, 'customers', new Filter({}), count);
 * ```
 */
export async function explainAggregate(
  dataSource: SqlDataSource,
  collection: string,
  filter: Filter,
  aggregation: Aggregation,
): Promise<{ sql: string; plan: string[] }> {
  const query = buildAggregate(dataSource, createDialect(dataSource.connection), collection, {
    filter,
    aggregation,
    timezone: 'UTC',
  });

  return { sql: query.sql, plan: await explainSql(dataSource, query.sql, query.bind) };
}
