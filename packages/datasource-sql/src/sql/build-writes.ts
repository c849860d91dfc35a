import { ValidationError, type Filter, type RecordData } from '@grove/datasource-toolkit';
import { readValue } from '../collection/read-value';
import type { TableModel } from '../schema/table-model';
import { BindParams } from './bind-params';
import { buildCondition } from './build-condition';
import { QueryScope, type ModelRegistry } from './query-scope';
import type { SqlDialect } from './sql-dialect';

/** A statement with its bound values. */
export interface Statement {
  readonly sql: string;
  readonly bind: unknown[];
}

/**
 * An INSERT with its bound values; where the dialect has `RETURNING`, it returns every column
 * of the inserted rows and `toRecords` turns them into records (as a list would read them).
 */
export interface InsertStatement extends Statement {
  readonly toRecords?: (rows: ReadonlyArray<Record<string, unknown>>) => RecordData[];
}

function writableColumn(model: TableModel, name: string) {
  const column = model.columns.get(name);
  if (!column) throw new ValidationError(`Unknown field "${name}" in collection "${model.name}".`);
  if (!column.writable)
    throw new ValidationError(`Field "${name}" of collection "${model.name}" is read-only.`);

  return column;
}

/**
 * One INSERT for records sharing the same fields. Where the dialect supports `RETURNING`, the
 * statement returns every column of the inserted rows, read as a list reads them (so a create
 * needs no second query); its `toRecords` builds the records. Unknown and read-only fields are
 * ValidationErrors.
 *
 * @example
 * ```ts
 * buildInsert(dialect, model, [{ title: 'Atlas' }, { title: 'Bridges' }]);
 * // INSERT INTO "books" ("title") VALUES ($1), ($2) RETURNING "id" AS "c0", "title" AS "c1"
 * ```
 */
export function buildInsert(
  dialect: SqlDialect,
  model: TableModel,
  records: readonly RecordData[],
): InsertStatement {
  const params = new BindParams();
  const names = Object.keys(records[0] ?? {});
  const columns = names.map(name => writableColumn(model, name));
  const outputs = dialect.insertReturning ? [...model.columns.values()] : [];
  const returning = outputs.length
    ? ` RETURNING ${outputs.map((c, i) => `${dialect.read(dialect.quote(c.name), c)} AS ${dialect.quote(`c${i}`)}`).join(', ')}`
    : '';
  const toRecords = outputs.length
    ? (rows: ReadonlyArray<Record<string, unknown>>) =>
        rows.map(row => {
          const record: RecordData = {};
          outputs.forEach((column, i) => {
            record[column.name] = readValue(row[`c${i}`], column);
          });

          return record;
        })
    : undefined;
  const table = dialect.table(model);
  // Sequelize's SQLite runner drops the rows of statements starting with INSERT: a leading
  // comment keeps the RETURNING rows.
  const prefix = returning ? '/* returning */ ' : '';
  if (!names.length) {
    const values =
      dialect.name === 'mysql' || dialect.name === 'mariadb' ? '() VALUES ()' : 'DEFAULT VALUES';

    return { sql: `${prefix}INSERT INTO ${table} ${values}${returning}`, bind: [], toRecords };
  }
  const rows = records.map(
    record => `(${columns.map(c => dialect.value(record[c.name], c, params)).join(', ')})`,
  );

  return {
    sql: `${prefix}INSERT INTO ${table} (${names.map(n => dialect.quote(n)).join(', ')}) VALUES ${rows.join(', ')}${returning}`,
    bind: params.values,
    toRecords,
  };
}

/**
 * The WHERE clause selecting the records of a filter in an UPDATE or DELETE: direct when the
 * filter reads only the table's columns, else a primary-key IN over a joined subquery (wrapped
 * once more so that MySQL accepts reading the table it writes).
 */
function targetCondition(
  registry: ModelRegistry,
  dialect: SqlDialect,
  collection: string,
  filter: Filter,
  params: BindParams,
): string {
  const model = registry.model(collection);
  const direct = new QueryScope(registry, dialect, collection, model.name);
  const trial = params.clone();
  const where = buildCondition(filter.conditionTree, { scope: direct, dialect, params: trial });
  if (!direct.hasJoins) {
    params.adopt(trial);

    return where;
  }
  if (!model.primaryKeys.length)
    throw new ValidationError(`Collection "${collection}" has no primary key.`);
  const scope = new QueryScope(registry, dialect, collection);
  const joinedWhere = buildCondition(filter.conditionTree, { scope, dialect, params });
  const keys = model.primaryKeys.map(pk => dialect.quote(pk));
  const selected = model.primaryKeys
    .map(pk => `${dialect.quote('t0')}.${dialect.quote(pk)}`)
    .join(', ');
  const tuple = keys.length === 1 ? keys[0] : `(${keys.join(', ')})`;

  return `${tuple} IN (SELECT * FROM (SELECT ${selected} FROM ${scope.from()} WHERE ${joinedWhere}) AS ${dialect.quote('matching')})`;
}

/**
 * One UPDATE writing only the patched fields of every record matching the filter.
 *
 * @example
 * ```ts
 * buildUpdate(registry, dialect, 'books', filter, { price: 1 });
 * // UPDATE "books" SET "price" = $1 WHERE "books"."genre" = $2
 * ```
 */
export function buildUpdate(
  registry: ModelRegistry,
  dialect: SqlDialect,
  collection: string,
  filter: Filter,
  patch: RecordData,
): Statement {
  const model = registry.model(collection);
  const params = new BindParams();
  const sets = Object.entries(patch).map(([name, value]) => {
    const column = writableColumn(model, name);

    return `${dialect.quote(name)} = ${dialect.value(value, column, params)}`;
  });
  const where = targetCondition(registry, dialect, collection, filter, params);

  return {
    sql: `UPDATE ${dialect.table(model)} SET ${sets.join(', ')} WHERE ${where}`,
    bind: params.values,
  };
}

/**
 * One DELETE of every record matching the filter.
 *
 * @example
 * ```ts
 * buildDelete(registry, dialect, 'books', filter); // DELETE FROM "books" WHERE …
 * ```
 */
export function buildDelete(
  registry: ModelRegistry,
  dialect: SqlDialect,
  collection: string,
  filter: Filter,
): Statement {
  const params = new BindParams();
  const where = targetCondition(registry, dialect, collection, filter, params);

  return {
    sql: `DELETE FROM ${dialect.table(registry.model(collection))} WHERE ${where}`,
    bind: params.values,
  };
}
