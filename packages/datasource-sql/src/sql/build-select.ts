import type { PaginatedFilter, Projection, RecordData } from '@grove/datasource-toolkit';
import { readValue } from '../collection/read-value';
import type { ColumnModel } from '../schema/table-model';
import { BindParams } from './bind-params';
import { buildCondition } from './build-condition';
import { QueryScope, type ModelRegistry } from './query-scope';
import type { SqlDialect } from './sql-dialect';

/** A SELECT with its parameters and the function turning its rows into nested records. */
export interface SelectQuery {
  readonly sql: string;
  readonly bind: unknown[];
  toRecords(rows: ReadonlyArray<Record<string, unknown>>): RecordData[];
}

interface Output {
  readonly alias: string;
  readonly path: string[];
  readonly column?: ColumnModel;
}

function setPath(record: RecordData, path: readonly string[], value: unknown): void {
  let target = record;
  // Indexed, not `path.slice(0, -1)`: no array per cell of every row.
  const last = path.length - 1;
  for (let i = 0; i < last; i += 1) {
    const key = path[i] as string;
    if (target[key] === null) return; // the relation is absent: its fields stay absent
    target[key] ??= {};
    target = target[key] as RecordData;
  }
  target[path[last] as string] = value;
}

/**
 * Builds the one SELECT of a list: only the projected columns, a LEFT JOIN per to-one relation
 * of the projection, filter and sort, nulls first ascending (a null ordering clause only where
 * the sorted expression can be null, so that primary keys and NOT NULL columns sort through
 * their indexes), LIMIT/OFFSET. Each joined relation
 * also reads a marker column, so that a missing related record comes back as `null`.
 *
 * @example
 * ```ts
 * const query = buildSelect(registry, dialect, 'books', filter, new Projection('id', 'author:name'));
 * const records = query.toRecords(await connection.select(query.sql, query.bind));
 * ```
 */
export function buildSelect(
  registry: ModelRegistry,
  dialect: SqlDialect,
  collection: string,
  filter: PaginatedFilter,
  projection: Projection,
): SelectQuery {
  const scope = new QueryScope(registry, dialect, collection);
  const params = new BindParams();
  const outputs: Output[] = [];
  const relations = [
    ...new Set(
      projection.paths.flatMap(path => {
        const parts = path.split(':').slice(0, -1);

        return parts.map((_, i) => parts.slice(0, i + 1).join(':'));
      }),
    ),
  ].sort((a, b) => a.split(':').length - b.split(':').length);
  const select: string[] = [];
  for (const relation of relations) {
    const alias = `m${outputs.length}`;
    select.push(`${scope.relation(relation).marker} AS ${dialect.quote(alias)}`);
    outputs.push({ alias, path: relation.split(':') });
  }
  for (const path of projection.paths) {
    const alias = `c${outputs.length}`;
    const { sql, column } = scope.column(path);
    select.push(`${dialect.read(sql, column)} AS ${dialect.quote(alias)}`);
    outputs.push({ alias, path: path.split(':'), column });
  }
  const where = buildCondition(filter.conditionTree, { scope, dialect, params });
  const order = (filter.sort?.clauses ?? []).map(({ field, ascending }) => {
    const { sql, column, nullable } = scope.column(field);
    // A column that cannot be null needs no null ordering: on PostgreSQL, `NULLS FIRST` on an
    // ascending sort would stop the planner from reading a (default) index in order.
    const nulls = nullable ? dialect.nullsOrder(ascending) : '';

    return `${dialect.comparable(sql, column)} ${ascending ? 'ASC' : 'DESC'}${nulls}`;
  });
  const sql =
    `SELECT ${select.length ? select.join(', ') : '1 AS "one"'} FROM ${scope.from()} WHERE ${where}` +
    `${order.length ? ` ORDER BY ${order.join(', ')}` : ''}` +
    (filter.page ? dialect.limit(filter.page.limit, filter.page.skip) : '');

  return {
    sql,
    bind: params.values,
    toRecords: rows =>
      rows.map(row => {
        const record: RecordData = {};
        for (const { alias, path, column } of outputs) {
          const raw = row[alias];
          if (!column) setPath(record, path, raw === null || raw === undefined ? null : {});
          else setPath(record, path, readValue(raw, column));
        }

        return record;
      }),
  };
}
