import { ValidationError } from '@grove/datasource-toolkit';
import type {
  ConnectionOptions,
  ResolvedConnectionOptions,
  SqlConnectionOptions,
  SqlDialectName,
} from './connection-options';

const aliases: Readonly<Record<string, SqlDialectName>> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  pg: 'postgres',
  mysql: 'mysql',
  mysql2: 'mysql',
  mariadb: 'mariadb',
  sqlite: 'sqlite',
  sqlite3: 'sqlite',
};
const defaultPorts: Readonly<Record<SqlDialectName, number | undefined>> = {
  postgres: 5432,
  mysql: 3306,
  mariadb: 3306,
  sqlite: undefined,
};

function dialectOf(name: string): SqlDialectName {
  const dialect = aliases[name.toLowerCase()];
  if (!dialect) throw new ValidationError(`Unsupported dialect: ${name}`);

  return dialect;
}

function fromUri(uri: string): SqlConnectionOptions {
  const sqlite = /^sqlite3?:(?:\/\/)?(.*)$/i.exec(uri);
  if (sqlite) return { dialect: 'sqlite', storage: sqlite[1] || ':memory:' };
  let url: URL;
  try {
    if (!/^[a-z0-9+]+:\/\//i.test(uri)) throw new Error('no scheme');
    url = new URL(uri);
  } catch {
    // The one message that echoes the input: it is not a URI, so we cannot strip credentials.
    throw new ValidationError(
      `The connection uri is not valid: it should be \`<dialect>://<connection>\`.`,
    );
  }
  const sslMode = url.searchParams.get('sslmode') ?? url.searchParams.get('sslMode');

  return {
    dialect: dialectOf(url.protocol.replace(/:$/, '')),
    host: url.hostname || undefined,
    port: url.port ? Number(url.port) : undefined,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: url.pathname.length > 1 ? decodeURIComponent(url.pathname.slice(1)) : undefined,
    schema: url.searchParams.get('schema') ?? undefined,
    ...(sslMode ? { sslMode: sslMode as SqlConnectionOptions['sslMode'] } : {}),
  };
}

/**
 * Merges a URI and options (URI values win for dialect, host, port and database), applies the
 * defaults (SQLite in memory without a dialect, default ports, `manual` TLS) and builds the
 * credential-free URI used in every message.
 *
 * @example
 * ```ts
 * resolveConnectionOptions('postgres://app:secret@db:5432/shop').debugUri;
 * // 'postgres://db:5432/shop'
 * ```
 */
export function resolveConnectionOptions(input: ConnectionOptions = {}): ResolvedConnectionOptions {
  const object = typeof input === 'string' ? { uri: input } : input;
  const parsed = object.uri ? fromUri(object.uri) : {};
  const merged = { ...object, ...stripUndefined(parsed) };
  const dialect = dialectOf(merged.dialect ?? 'sqlite');
  const host = merged.host ?? (dialect === 'sqlite' ? undefined : 'localhost');
  const port = merged.port ?? defaultPorts[dialect];
  const storage = dialect === 'sqlite' ? (merged.storage ?? ':memory:') : undefined;
  const debugUri =
    dialect === 'sqlite'
      ? `sqlite:${storage}`
      : `${dialect}://${host}:${port}/${merged.database ?? ''}`;

  return {
    ...merged,
    dialect,
    host,
    port,
    storage,
    sslMode:
      typeof input === 'string' ? (parsed.sslMode ?? 'manual') : (merged.sslMode ?? 'manual'),
    connectionTimeoutInMs: merged.connectionTimeoutInMs ?? 10_000,
    debugUri,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
