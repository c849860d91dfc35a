import type { IntrospectedColumn, IntrospectedTable } from './introspection';
import {
  parseDefault,
  type IntrospectionContext,
  type RawCatalogue,
} from './introspection-context';
import { parseSqlType } from './parse-sql-type';

// Table-valued pragmas read every table in one query each, with no identifier interpolation.
const columnsSql = `
SELECT m.name AS tbl, m.type AS kind, m.sql AS ddl, p.name AS name, p.type AS ctype,
  p."notnull" AS required, p.dflt_value AS dflt, p.pk AS pk, p.hidden AS hidden
FROM sqlite_master m JOIN pragma_table_xinfo(m.name) p
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;

const uniquesSql = `
SELECT m.name AS tbl, il.name AS idx, ii.name AS col
FROM sqlite_master m JOIN pragma_index_list(m.name) il JOIN pragma_index_info(il.name) ii
WHERE m.type = 'table' AND il."unique" = 1 AND il.partial = 0
ORDER BY m.name, il.name, ii.seqno`;

const foreignKeysSql = `
SELECT m.name AS tbl, f.id AS id, f."table" AS ftbl, f."from" AS col, f."to" AS fcol
FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table'
ORDER BY m.name, f.id, f.seq`;

/**
 * Reads the tables, views, columns, unique indexes and foreign keys of a SQLite database. An
 * `INTEGER PRIMARY KEY` is the rowid, so it is auto-incremented like `AUTOINCREMENT`.
 *
 * @example
 * ```ts
 * const { tables, foreignKeys } = await introspectSqlite(context);
 * ```
 */
export async function introspectSqlite(context: IntrospectionContext): Promise<RawCatalogue> {
  const [columns, uniques, foreignKeys] = await Promise.all([
    context.query(columnsSql),
    context.query(uniquesSql),
    context.query(foreignKeysSql),
  ]);
  const tables = new Map<
    string,
    IntrospectedTable & { isView: boolean; columns: IntrospectedColumn[] }
  >();
  const pkCount = new Map<string, number>();
  for (const row of columns) {
    if (Number(row.pk) > 0) pkCount.set(String(row.tbl), (pkCount.get(String(row.tbl)) ?? 0) + 1);
  }
  for (const row of columns) {
    const name = String(row.tbl);
    const byIndex = new Map<string, string[]>();
    for (const u of uniques.filter(u => u.tbl === name)) {
      byIndex.set(String(u.idx), [...(byIndex.get(String(u.idx)) ?? []), String(u.col)]);
    }
    const table = tables.get(name) ?? {
      name,
      isView: row.kind === 'view',
      unique: [...byIndex.values()],
      columns: [],
    };
    tables.set(name, table);
    const type = parseSqlType(String(row.ctype ?? ''));
    if (!type) {
      context.logger(
        'Warn',
        `Skipping column ${name}.${String(row.name)} (Unsupported type: ${String(row.ctype)})`,
      );
      continue;
    }
    const primaryKey = Number(row.pk) > 0;
    const rowid = primaryKey && pkCount.get(name) === 1 && /^INTEGER$/i.test(String(row.ctype));
    const autoIncrement = rowid || (primaryKey && /AUTOINCREMENT/i.test(String(row.ddl)));
    const generated = Number(row.hidden) === 2 || Number(row.hidden) === 3;
    const parsed =
      autoIncrement || generated ? { value: null, literal: false } : parseDefault(row.dflt);
    table.columns.push({
      name: String(row.name),
      type,
      defaultValue: parsed.value,
      isLiteralDefaultValue: parsed.literal,
      allowNull: !primaryKey && Number(row.required) === 0,
      autoIncrement,
      generated,
      primaryKey,
      constraints: [],
    });
  }

  const grouped = new Map<
    string,
    { table: string; foreignTable: string; columns: string[]; foreignColumns: string[] }
  >();
  for (const row of foreignKeys) {
    const key = `${String(row.tbl)}.${String(row.id)}`;
    const fk = grouped.get(key) ?? {
      table: String(row.tbl),
      foreignTable: String(row.ftbl),
      columns: [],
      foreignColumns: [],
    };
    grouped.set(key, fk);
    fk.columns.push(String(row.col));
    // A reference without a column targets the primary key of the foreign table.
    const target = row.fcol ?? tables.get(fk.foreignTable)?.columns.find(c => c.primaryKey)?.name;
    fk.foreignColumns.push(String(target));
  }

  return { tables: [...tables.values()], foreignKeys: [...grouped.values()] };
}
