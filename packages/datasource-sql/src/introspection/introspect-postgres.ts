import type { IntrospectedColumn, IntrospectedTable, SqlColumnType } from './introspection';
import {
  parseDefault,
  type IntrospectionContext,
  type RawCatalogue,
} from './introspection-context';
import { parseSqlType } from './parse-sql-type';

const columnsSql = `
SELECT c.relname AS "table", c.relkind AS "kind", a.attname AS "name",
  format_type(a.atttypid, a.atttypmod) AS "formatted", t.typtype AS "typtype",
  t.typcategory AS "category", format_type(t.typelem, NULL) AS "element",
  et.typtype AS "elementTyptype", a.attnotnull AS "notNull",
  pg_get_expr(d.adbin, d.adrelid) AS "default", a.attidentity AS "identity",
  a.attgenerated AS "generated",
  (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e
    WHERE e.enumtypid = CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END) AS "labels"
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY c.relname, a.attnum`;

const uniquesSql = `
SELECT cl.relname AS "table", i.indisprimary AS "primary",
  array_agg(a.attname::text ORDER BY k.ord) AS "columns"
FROM pg_index i
JOIN pg_class cl ON cl.oid = i.indrelid
JOIN pg_namespace n ON n.oid = cl.relnamespace
CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
WHERE n.nspname = $1 AND i.indisunique AND i.indpred IS NULL AND 0 <> ALL(i.indkey::int2[])
GROUP BY i.indexrelid, cl.relname, i.indisprimary`;

const foreignKeysSql = `
SELECT cl.relname AS "table", fcl.relname AS "foreignTable", fn.nspname AS "foreignSchema",
  array_agg(a.attname::text ORDER BY k.ord) AS "columns",
  array_agg(fa.attname::text ORDER BY k.ord) AS "foreignColumns"
FROM pg_constraint con
JOIN pg_class cl ON cl.oid = con.conrelid
JOIN pg_namespace n ON n.oid = cl.relnamespace
JOIN pg_class fcl ON fcl.oid = con.confrelid
JOIN pg_namespace fn ON fn.oid = fcl.relnamespace
CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
JOIN pg_attribute fa ON fa.attrelid = con.confrelid AND fa.attnum = con.confkey[k.ord]
WHERE n.nspname = $1 AND con.contype = 'f'
GROUP BY con.oid, cl.relname, fcl.relname, fn.nspname`;

function columnType(row: Record<string, unknown>): SqlColumnType | null {
  const labels = row.labels as string[] | null;
  if (row.category === 'A') {
    if (row.elementTyptype === 'e' && labels)
      return { type: 'array', subType: enumType(row, labels) };
    const element = parseSqlType(String(row.element));

    return element ? { type: 'array', subType: element } : null;
  }
  if (row.typtype === 'e' && labels) return enumType(row, labels);

  return parseSqlType(String(row.formatted));
}

function enumType(row: Record<string, unknown>, labels: string[]): SqlColumnType {
  const name = String(row.category === 'A' ? row.element : row.formatted);

  return { type: 'enum', values: labels, name };
}

/**
 * Reads the tables, views, columns, unique indexes and foreign keys of a Postgres schema, in
 * three catalogue queries whatever the number of tables.
 *
 * @example
 * ```ts
 * const { tables, foreignKeys } = await introspectPostgres(context);
 * ```
 */
export async function introspectPostgres(context: IntrospectionContext): Promise<RawCatalogue> {
  const [columns, uniques, foreignKeys] = await Promise.all([
    context.query(columnsSql, [context.schema]),
    context.query(uniquesSql, [context.schema]),
    context.query(foreignKeysSql, [context.schema]),
  ]);
  const tables = new Map<
    string,
    IntrospectedTable & { isView: boolean; columns: IntrospectedColumn[] }
  >();
  const primaryKeys = new Set(
    uniques
      .filter(u => u.primary)
      .flatMap(u => (u.columns as string[]).map(c => `${String(u.table)}.${c}`)),
  );
  for (const row of columns) {
    const tableName = String(row.table);
    const table = tables.get(tableName) ?? {
      name: tableName,
      schema: context.schema,
      isView: row.kind === 'v',
      unique: uniques.filter(u => u.table === tableName).map(u => u.columns as string[]),
      columns: [],
    };
    tables.set(tableName, table);
    const type = columnType(row);
    if (!type) {
      context.logger(
        'Warn',
        `Skipping column ${tableName}.${String(row.name)} (Unsupported type: ${String(row.formatted)})`,
      );
      continue;
    }
    const defaultText = row.default as string | null;
    const autoIncrement =
      /^nextval\(/.test(defaultText ?? '') || row.identity === 'a' || row.identity === 'd';
    const parsed =
      autoIncrement || row.generated === 's'
        ? { value: null, literal: false }
        : parseDefault(defaultText);
    table.columns.push({
      name: String(row.name),
      type,
      defaultValue: parsed.value,
      isLiteralDefaultValue: parsed.literal,
      allowNull: !row.notNull,
      autoIncrement,
      generated: row.generated === 's',
      primaryKey: primaryKeys.has(`${tableName}.${String(row.name)}`),
      constraints: [],
    });
  }

  return {
    tables: [...tables.values()],
    foreignKeys: foreignKeys.map(fk => ({
      table: String(fk.table),
      columns: fk.columns as string[],
      foreignSchema: String(fk.foreignSchema),
      foreignTable: String(fk.foreignTable),
      foreignColumns: fk.foreignColumns as string[],
    })),
  };
}
