import type { Logger } from '@grove/datasource-toolkit';

/** Options of {@link openPlatformDatabase}. */
export interface PlatformDatabaseOptions {
  /**
   * `sqlite:<path>` (a file, created if missing), `sqlite::memory:` (tests) or
   * `postgres://user:password@host:port/database`. Defaults to `GROVE_PLATFORM_DATABASE_URL`,
   * then to `sqlite:grove-platform.sqlite` in the working directory.
   */
  readonly url?: string;
  /**
   * PostgreSQL only: the schema the platform's tables live in (it must exist). Defaults to the
   * connection's `search_path` (normally `public`).
   */
  readonly schema?: string;
  /**
   * 64 lower-case hex characters: the AES-256-GCM key of the stored env secrets (to sign
   * approvals). Default: a key generated once into `platform_settings` (weaker: next to the data).
   */
  readonly secretKey?: string;
  /** Receives the SQL the platform runs (`Debug`) and the migrations it applies (`Info`). */
  readonly logger?: Logger;
}

/** The database URL used when neither the option nor the environment variable gives one. */
export const DEFAULT_PLATFORM_DATABASE_URL = 'sqlite:grove-platform.sqlite';

/**
 * The database URL of the platform: the `url` option, else `GROVE_PLATFORM_DATABASE_URL`, else
 * a SQLite file in the working directory. This is the only place that reads the variable.
 *
 * @example
 * ```ts
 * resolvePlatformDatabaseUrl({ url: 'sqlite::memory:' }); // 'sqlite::memory:'
 * ```
 */
export function resolvePlatformDatabaseUrl(
  options: Pick<PlatformDatabaseOptions, 'url'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return options.url ?? env.GROVE_PLATFORM_DATABASE_URL ?? DEFAULT_PLATFORM_DATABASE_URL;
}
