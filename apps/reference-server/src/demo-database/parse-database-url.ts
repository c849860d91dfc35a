import { ValidationError } from '@grove/datasource-toolkit';
import type { Options } from 'sequelize';
import type { DemoDialect } from './demo-dialects';

/** A database URL read for Sequelize, with a credential-free form for messages. */
export interface ParsedDatabaseUrl {
  readonly dialect: DemoDialect;
  /** Sequelize options (timezone UTC, no logging). */
  readonly options: Options;
  /** The SQLite file, when the dialect is SQLite. */
  readonly storage?: string;
  /** The PostgreSQL schema (`?schema=`), created when absent. */
  readonly schema?: string;
  /** `dialect://host:port/database[?schema=…]` or `sqlite:<file>`: never a password. */
  readonly debugUrl: string;
}

const schemes: Readonly<Record<string, DemoDialect>> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mariadb',
};

/**
 * Reads a database URL as `createSqlDataSource` does: `sqlite:<path>` (or `sqlite::memory:`),
 * `postgres://user:pass@host:5432/db?schema=app&sslmode=require`, `mysql://…`, `mariadb://…`.
 *
 * @example
 * ```ts
 * parseDatabaseUrl('sqlite:./data/demo.sqlite').storage; // './data/demo.sqlite'
 * parseDatabaseUrl('postgres://app:secret@db/shop?schema=demo').debugUrl; // 'postgres://db:5432/shop'
 * ```
 */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const sqlite = /^sqlite3?:(?:\/\/)?(.*)$/i.exec(url);
  if (sqlite) {
    const storage = sqlite[1] || ':memory:';

    return {
      dialect: 'sqlite',
      options: { dialect: 'sqlite', storage, logging: false },
      storage,
      debugUrl: `sqlite:${storage}`,
    };
  }
  const parsed = /^[a-z0-9+]+:\/\//i.test(url) ? tryUrl(url) : undefined;
  const dialect = parsed ? schemes[parsed.protocol.replace(/:$/, '').toLowerCase()] : undefined;
  if (!parsed || !dialect) {
    // The URL is not echoed: it may hold a password.
    throw new ValidationError(
      'The database URL is not supported: use sqlite:<path>, postgres://…, mysql://… or mariadb://…',
    );
  }
  const port = parsed.port ? Number(parsed.port) : dialect === 'postgres' ? 5432 : 3306;
  const host = parsed.hostname || 'localhost';
  const database = decodeURIComponent(parsed.pathname.slice(1)) || undefined;
  const schema = (dialect === 'postgres' && parsed.searchParams.get('schema')) || undefined;
  const sslMode = parsed.searchParams.get('sslmode') ?? parsed.searchParams.get('sslMode');
  const ssl =
    sslMode && /^(require|required|verify|verify-full)$/.test(sslMode)
      ? { ssl: { rejectUnauthorized: sslMode.startsWith('verify') } }
      : {};
  // Unqualified statements then resolve in the schema, as they do for Grove's data source.
  const searchPath = schema ? { options: `-c search_path="${schema.replace(/"/g, '""')}"` } : {};

  return {
    dialect,
    options: {
      dialect,
      host,
      port,
      database,
      username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
      timezone: '+00:00',
      logging: false,
      pool: { max: 2 },
      dialectOptions: { ...ssl, ...searchPath },
    },
    schema,
    debugUrl: `${dialect}://${host}:${port}/${database ?? ''}${schema ? `?schema=${schema}` : ''}`,
  };
}

// `URL.parse` needs Node 20.18; the floor is 20.9.
function tryUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
