import type { IntrospectedColumn, IntrospectedTable, SqlColumnType } from './introspection';
import {
  parseDefault,
  type IntrospectionContext,
  type RawCatalogue,
} from './introspection-context';
import { parseSqlType } from './parse-sql-type';

const columnsSql = `
SELECT c.TABLE_NAME AS tbl, t.TABLE_TYPE AS kind, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS ctype,
  c.IS_NULLABLE AS nullable, c.COLUMN_DEFAULT AS dflt, c.EXTRA AS extra, c.COLUMN_KEY AS ckey
FROM information_schema.COLUMNS c
JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA = $1
ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`;

const uniquesSql = `
SELECT TABLE_NAME AS tbl, INDEX_NAME AS idx, COLUMN_NAME AS col
FROM information_schema.STATISTICS
WHERE TABLE_SCHEMA = $1 AND NON_UNIQUE = 0
ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`;

const foreignKeysSql = `
SELECT TABLE_NAME AS tbl, CONSTRAINT_NAME AS cname, COLUMN_NAME AS col,
  REFERENCED_TABLE_SCHEMA AS fschema, REFERENCED_TABLE_NAME AS ftbl, REFERENCED_COLUMN_NAME AS fcol
FROM information_schema.KEY_COLUMN_USAGE
WHERE TABLE_SCHEMA = $1 AND REFERENCED_TABLE_NAME IS NOT NULL
ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`;

// MariaDB stores JSON as LONGTEXT guarded by a json_valid() check constraint.
const jsonChecksSql = `
SELECT TABLE_NAME AS tbl, CHECK_CLAUSE AS clause
FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = $1`;

/** Parses `enum('a','b''c')` labels, with doubled quotes and backslash escapes. */
function enumValues(type: string): string[] {
  const values: string[] = [];
  const pattern = /'((?:[^'\\]|''|\\.)*)'/g;
  for (let match = pattern.exec(type); match; match = pattern.exec(type)) {
    values.push((match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  }

  return values;
}

function columnType(raw: string, isJson: boolean): SqlColumnType | null {
  if (/^enum\(/i.test(raw)) return { type: 'enum', values: enumValues(raw) };
  if (isJson) return { type: 'scalar', subType: 'JSON' };

  return parseSqlType(raw);
}

function mysqlDefault(row: Record<string, unknown>, mariaDb: boolean) {
  const extra = String(row.extra ?? '');
  if (row.dflt === null || row.dflt === undefined) return { value: null, literal: false };
  // MySQL flags expression defaults; MariaDB quotes constants and leaves expressions bare.
  if (/DEFAULT_GENERATED/i.test(extra)) return { value: { val: String(row.dflt) }, literal: true };
  if (mariaDb) return parseDefault(row.dflt);

  return { value: row.dflt, literal: false };
}

/**
 * Reads the tables, views, columns, unique indexes and foreign keys of a MySQL or MariaDB
 * database, in four catalogue queries whatever the number of tables.
 *
 * @example
 * ```ts
 * const { tables, foreignKeys } = await introspectMysql(context);
 * ```
 */
export async function introspectMysql(context: IntrospectionContext): Promise<RawCatalogue> {
  const [columns, uniques, foreignKeys, checks] = await Promise.all([
    context.query(columnsSql, [context.schema]),
    context.query(uniquesSql, [context.schema]),
    context.query(foreignKeysSql, [context.schema]),
    context.isMariaDbServer ? context.query(jsonChecksSql, [context.schema]) : Promise.resolve([]),
  ]);
  const jsonColumns = new Set(
    checks.flatMap(c => {
      const match = /json_valid\(`((?:[^`]|``)+)`\)/i.exec(String(c.clause));

      return match ? [`${String(c.tbl)}.${(match[1] ?? '').replace(/``/g, '`')}`] : [];
    }),
  );
  const uniqueByTable = new Map<string, Map<string, string[]>>();
  for (const row of uniques) {
    const byIndex = uniqueByTable.get(String(row.tbl)) ?? new Map<string, string[]>();
    uniqueByTable.set(String(row.tbl), byIndex);
    byIndex.set(String(row.idx), [...(byIndex.get(String(row.idx)) ?? []), String(row.col)]);
  }

  const tables = new Map<
    string,
    IntrospectedTable & { isView: boolean; columns: IntrospectedColumn[] }
  >();
  for (const row of columns) {
    const name = String(row.tbl);
    const table = tables.get(name) ?? {
      name,
      isView: /VIEW/i.test(String(row.kind)),
      unique: [...(uniqueByTable.get(name)?.values() ?? [])],
      columns: [],
    };
    tables.set(name, table);
    const type = columnType(String(row.ctype), jsonColumns.has(`${name}.${String(row.name)}`));
    if (!type) {
      context.logger(
        'Warn',
        `Skipping column ${name}.${String(row.name)} (Unsupported type: ${String(row.ctype)})`,
      );
      continue;
    }
    const extra = String(row.extra ?? '');
    const autoIncrement = /auto_increment/i.test(extra);
    const generated =
      /(VIRTUAL|STORED|PERSISTENT)/i.test(extra) && !/DEFAULT_GENERATED/i.test(extra);
    const parsed =
      autoIncrement || generated
        ? { value: null, literal: false }
        : mysqlDefault(row, context.isMariaDbServer);
    table.columns.push({
      name: String(row.name),
      type,
      defaultValue: parsed.value,
      isLiteralDefaultValue: parsed.literal,
      allowNull: row.nullable === 'YES',
      autoIncrement,
      generated,
      primaryKey: row.ckey === 'PRI',
      constraints: [],
    });
  }

  const grouped = new Map<
    string,
    RawCatalogue['foreignKeys'][number] & { columns: string[]; foreignColumns: string[] }
  >();
  for (const row of foreignKeys) {
    const key = `${String(row.tbl)}.${String(row.cname)}`;
    const fk = grouped.get(key) ?? {
      table: String(row.tbl),
      foreignSchema: String(row.fschema),
      foreignTable: String(row.ftbl),
      columns: [],
      foreignColumns: [],
    };
    grouped.set(key, fk);
    fk.columns.push(String(row.col));
    fk.foreignColumns.push(String(row.fcol));
  }

  return { tables: [...tables.values()], foreignKeys: [...grouped.values()] };
}
