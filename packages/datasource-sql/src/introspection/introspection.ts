/** The scalar SQL types introspection recognises. */
export type ScalarSubType =
  | 'BIGINT'
  | 'BLOB'
  | 'BOOLEAN'
  | 'DATE'
  | 'DATEONLY'
  | 'DECIMAL'
  | 'DOUBLE'
  | 'FLOAT'
  | 'INET'
  | 'INTEGER'
  | 'JSON'
  | 'JSONB'
  | 'NUMBER'
  | 'POINT'
  | 'REAL'
  | 'STRING'
  | 'TEXT'
  | 'TIME'
  | 'UUID';

/** The type of an introspected column: a scalar, an enum, or (Postgres) an array of either. */
export type SqlColumnType =
  | { readonly type: 'scalar'; readonly subType: ScalarSubType }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly name?: string }
  | { readonly type: 'array'; readonly subType: SqlColumnType };

/** A column as read from the database catalogue. */
export interface IntrospectedColumn {
  readonly name: string;
  readonly type: SqlColumnType;
  /** A constant default, or `{ val: expression }` when the database computes it. */
  readonly defaultValue: unknown;
  readonly isLiteralDefaultValue: boolean;
  readonly allowNull: boolean;
  readonly autoIncrement: boolean;
  /** Computed by the database (GENERATED ALWAYS AS …): never written. */
  readonly generated: boolean;
  readonly primaryKey: boolean;
  /** Single-column foreign keys of this column. */
  readonly constraints: ReadonlyArray<{ readonly table: string; readonly column: string }>;
}

/** A table or view as read from the database catalogue. */
export interface IntrospectedTable {
  readonly name: string;
  readonly schema?: string;
  /** Column lists of every unique index (primary key included). */
  readonly unique: ReadonlyArray<readonly string[]>;
  readonly columns: readonly IntrospectedColumn[];
}

/** The name every introspection produced by this package carries. */
export const introspectionSource = '@grove/datasource-sql';

/**
 * A database schema as `introspect` reads it. Plain JSON: save it and pass it back with
 * `createSqlDataSource(uri, { introspection })` to skip reading the catalogue at start-up.
 *
 * @example
 * ```ts
 * const introspection = await introspect('postgres://localhost:5432/shop');
 * await writeFile('introspection.json', JSON.stringify(introspection));
 * ```
 */
export interface Introspection {
  readonly version: 3;
  readonly source: typeof introspectionSource;
  readonly tables: readonly IntrospectedTable[];
  readonly views: readonly IntrospectedTable[];
}
