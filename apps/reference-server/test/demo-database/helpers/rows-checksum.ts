import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import { demoDialects, type DemoDialect } from '../../../src/demo-database/demo-dialects';
import {
  demoSchema,
  demoTableNames,
  type DemoColumnKind,
  type DemoTableName,
} from '../../../src/demo-database/demo-schema';

type Rows = Readonly<Record<DemoTableName, readonly Readonly<Record<string, unknown>>[]>>;

/** JSON with sorted keys: PostgreSQL JSONB and MySQL JSON reorder object keys. */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));

  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
}

/** A JSON column as drivers return it (text on SQLite and MariaDB, parsed elsewhere). */
function canonicalJson(value: unknown): string {
  return sortedJson(typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
}

/** An instant read from any driver (Date, ISO text, or zone-less UTC text) as an ISO string. */
function instant(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);

  return new Date(
    /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`,
  ).toISOString();
}

/** One value in a dialect-neutral form, so that every dialect's rows hash alike. */
export function normalizeValue(kind: DemoColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'id':
    case 'reference':
    case 'integer':
      return Number(value);
    case 'decimal':
      return Number(value).toFixed(2);
    case 'boolean':
      return Boolean(Number(value));
    case 'json':
      return canonicalJson(value);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'timestamp':
      return instant(value);
    case 'string':
    case 'text':
      return String(value);
  }
}

/**
 * A SHA-256 of the rows of the given tables, in id order, values normalized per column kind
 * (decimals with two digits, instants as ISO UTC, JSON with sorted keys).
 *
 * @example
 * ```ts
 * rowsChecksum(generateDemoRows()) === await databaseChecksum(sequelize, 'postgres');
 * ```
 */
export function rowsChecksum(
  rows: Rows,
  tables: readonly DemoTableName[] = demoTableNames,
): string {
  const hash = createHash('sha256');
  for (const table of tables) {
    const columns = demoSchema[table];
    const sorted = [...rows[table]].sort((a, b) => Number(a.id) - Number(b.id));
    for (const row of sorted) {
      hash.update(
        `${table}:${JSON.stringify(columns.map(c => normalizeValue(c.kind, row[c.name])))}\n`,
      );
    }
  }

  return hash.digest('hex');
}

/** Reads every demo table of a database and returns its {@link rowsChecksum}. */
export async function databaseChecksum(
  sequelize: Sequelize,
  dialect: DemoDialect,
  tables: readonly DemoTableName[] = demoTableNames,
): Promise<string> {
  const q = demoDialects[dialect].quote;
  const rows = {} as Record<DemoTableName, Record<string, unknown>[]>;
  for (const table of tables) {
    rows[table] = await sequelize.query(`SELECT * FROM ${q(table)} ORDER BY ${q('id')}`, {
      type: QueryTypes.SELECT,
    });
  }

  return rowsChecksum(rows, tables);
}
