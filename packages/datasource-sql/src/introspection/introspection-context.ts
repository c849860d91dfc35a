import type { Logger } from '@grove/datasource-toolkit';
import type { IntrospectedTable } from './introspection';

/** Runs a read query on the catalogue with bound parameters. */
export type CatalogueQuery = (
  sql: string,
  bind?: readonly unknown[],
) => Promise<Array<Record<string, unknown>>>;

/** What a dialect introspector needs: a query runner, the schema to read, a logger. */
export interface IntrospectionContext {
  readonly query: CatalogueQuery;
  /** Postgres schema; the database name on MySQL/MariaDB; unused on SQLite. */
  readonly schema: string;
  readonly logger: Logger;
  /** True when the server is MariaDB (JSON is LONGTEXT with a json_valid check there). */
  readonly isMariaDbServer: boolean;
}

/** The raw catalogue of a schema, before foreign keys are attached to columns. */
export interface RawCatalogue {
  readonly tables: Array<IntrospectedTable & { isView: boolean }>;
  readonly foreignKeys: RawForeignKey[];
}

/** A column before relations are attached, with the foreign key read on its own. */
export interface RawForeignKey {
  readonly table: string;
  readonly columns: readonly string[];
  readonly foreignSchema?: string;
  readonly foreignTable: string;
  readonly foreignColumns: readonly string[];
}

/**
 * Reads a constant default (`'abc'::text`, `42`, `true`, `'x'`) or keeps an expression as
 * `{ val }`, which the database applies and Grove never sends to the UI.
 *
 * @example
 * ```ts
 * parseDefault("'draft'::character varying"); // { value: 'draft', literal: false }
 * parseDefault('now()'); // { value: { val: 'now()' }, literal: true }
 * ```
 */
export function parseDefault(raw: unknown): { value: unknown; literal: boolean } {
  if (raw === null || raw === undefined) return { value: null, literal: false };
  if (typeof raw !== 'string') return { value: raw, literal: false };
  const text = raw.trim();
  if (/^null(::.*)?$/i.test(text)) return { value: null, literal: false };
  const quoted = /^\(?N?'((?:[^']|'')*)'\)?(::[\w\s."[\]]+)?$/.exec(text);
  if (quoted) return { value: (quoted[1] ?? '').replace(/''/g, "'"), literal: false };
  if (/^\(*-?\d+(\.\d+)?\)*$/.test(text))
    return { value: Number(text.replace(/[()]/g, '')), literal: false };
  if (/^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true', literal: false };

  return { value: { val: text }, literal: true };
}
