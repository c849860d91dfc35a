import type { ScalarSubType, SqlColumnType } from './introspection';

const scalar = (subType: ScalarSubType): SqlColumnType => ({ type: 'scalar', subType });

/** Exact names (upper case, without length) first: they win over the prefix rules. */
const exact: Readonly<Record<string, ScalarSubType>> = {
  JSON: 'JSON',
  JSONB: 'JSONB',
  BOOLEAN: 'BOOLEAN',
  BOOL: 'BOOLEAN',
  BIT: 'BOOLEAN',
  'BIT(1)': 'BOOLEAN',
  'TINYINT(1)': 'BOOLEAN',
  TEXT: 'TEXT',
  UUID: 'UUID',
  UNIQUEIDENTIFIER: 'UUID',
  SERIAL: 'NUMBER',
  BIGSERIAL: 'NUMBER',
  REAL: 'REAL',
  DOUBLE: 'DOUBLE',
  'DOUBLE PRECISION': 'DOUBLE',
  DATE: 'DATEONLY',
  TIME: 'TIME',
  'TIME WITHOUT TIME ZONE': 'TIME',
  INET: 'INET',
  CIDR: 'INET',
  POINT: 'POINT',
  BYTEA: 'BLOB',
  BLOB: 'BLOB',
  TINYBLOB: 'BLOB',
  MEDIUMBLOB: 'BLOB',
  LONGBLOB: 'BLOB',
};

/** Ordered prefix / substring rules, as the catalogues spell types. */
const rules: ReadonlyArray<readonly [RegExp, ScalarSubType]> = [
  [/^(VAR)?BINARY/, 'BLOB'],
  [/^BIGINT/, 'BIGINT'],
  [/^(INT|SMALLINT|TINYINT|MEDIUMINT|INTEGER)\b/, 'INTEGER'],
  [/^(INT\d|SERIAL\d?)$/, 'INTEGER'],
  [/^(NUMERIC|DECIMAL)|DECIMAL/, 'DECIMAL'],
  [/FLOAT/, 'FLOAT'],
  [/^DOUBLE\b/, 'DOUBLE'],
  [/^(DATETIME|TIMESTAMP)/, 'DATE'],
  [/^TIME\(\d\)$/, 'TIME'],
  [/TEXT|CHAR|CLOB|NTEXT|STRING|CITEXT/, 'STRING'],
];

/**
 * Maps a raw SQL type (as the catalogue spells it) to an introspection type, or `null` when Grove
 * does not support it (the column is then skipped with a warning). Enum and array types are
 * recognised by the dialect introspectors, which know their labels and element types.
 *
 * @example
 * ```ts
 * parseSqlType('character varying(255)'); // { type: 'scalar', subType: 'STRING' }
 * parseSqlType('money'); // null
 * ```
 */
export function parseSqlType(raw: string): SqlColumnType | null {
  const type = raw.trim().toUpperCase();
  const bare = type.replace(/\(.*\)$/, '').trim();
  if (bare === 'BIT' && type !== bare && type !== 'BIT(1)') return null;
  const known = exact[type] ?? (bare === 'TINYINT' ? undefined : exact[bare]);
  if (known) return scalar(known);
  for (const [pattern, subType] of rules) if (pattern.test(type)) return scalar(subType);

  return null;
}
