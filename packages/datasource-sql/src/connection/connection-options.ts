/** The SQL dialects Grove supports. */
export type SqlDialectName = 'postgres' | 'mysql' | 'mariadb' | 'sqlite';

/**
 * How TLS is negotiated: `manual` (default) applies only your `ssl` / `dialectOptions`;
 * `disabled`, `required` (encrypted, certificate not checked), `verify` (certificate checked);
 * `preferred` tries `required` then `disabled`.
 */
export type SslMode = 'disabled' | 'required' | 'verify' | 'manual' | 'preferred';

/**
 * Where the database is. Every key is optional: a `uri` gives dialect, host, port and database,
 * which win over the other keys; without a dialect, SQLite (in memory unless `storage`) is used.
 */
export interface SqlConnectionOptions {
  readonly uri?: string;
  readonly dialect?: SqlDialectName | 'postgresql' | 'pg' | 'mysql2';
  readonly host?: string;
  readonly port?: number;
  readonly username?: string;
  readonly password?: string;
  readonly database?: string;
  /** Postgres schema (default `public`); MySQL/MariaDB use the database. */
  readonly schema?: string;
  /** SQLite file (default `:memory:`). */
  readonly storage?: string;
  readonly ssl?: boolean;
  readonly sslMode?: SslMode;
  readonly pool?: {
    readonly max?: number;
    readonly min?: number;
    readonly idle?: number;
    readonly acquire?: number;
  };
  /** Passed to the driver as is. */
  readonly dialectOptions?: Readonly<Record<string, unknown>>;
  /** Start-up connection test timeout (default 10 000 ms). */
  readonly connectionTimeoutInMs?: number;
}

/** A connection URI (`postgres://user:pass@host:5432/db?schema=app`) or options. */
export type ConnectionOptions = string | SqlConnectionOptions;

/** Options resolved from a URI and/or an object, with a credential-free URI for messages. */
export interface ResolvedConnectionOptions {
  readonly dialect: SqlDialectName;
  readonly host?: string;
  readonly port?: number;
  readonly username?: string;
  readonly password?: string;
  readonly database?: string;
  readonly schema?: string;
  readonly storage?: string;
  readonly sslMode: SslMode;
  readonly ssl?: boolean;
  readonly pool?: SqlConnectionOptions['pool'];
  readonly dialectOptions?: Readonly<Record<string, unknown>>;
  readonly connectionTimeoutInMs: number;
  /** `dialect://host:port/database`, or `sqlite:<storage>`: never a password. */
  readonly debugUri: string;
}
