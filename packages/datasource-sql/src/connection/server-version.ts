import type { Sequelize } from 'sequelize';

/** What {@link readServerVersion} uses of Sequelize beyond its typings. */
interface VersionedSequelize {
  readonly options: { databaseVersion: string | number };
  readonly dialect: { readonly defaultVersion: string };
  databaseVersion(): Promise<unknown>;
}

/**
 * The `major.minor.patch` a server's version text starts with, missing parts as 0 (as
 * Sequelize's `semver.coerce` reads it), or undefined without a number.
 *
 * @example
 * ```ts
 * coerceVersion('15.20 (Debian 15.20-0+deb12u1)'); // '15.20.0'
 * coerceVersion('10.11.19-MariaDB-0+deb12u1'); // '10.11.19'
 * ```
 */
export function coerceVersion(text: string): string | undefined {
  const match = /(\d{1,16})(?:\.(\d{1,16}))?(?:\.(\d{1,16}))?/.exec(text);
  if (!match) return undefined;

  return [match[1], match[2] ?? '0', match[3] ?? '0'].map(part => String(Number(part))).join('.');
}

/**
 * Tests a new pool by reading the server's version with Sequelize's own query (`SHOW
 * SERVER_VERSION`, `SELECT VERSION()`, `SELECT sqlite_version()`), and gives the version to
 * Sequelize, which words some of the SQL it generates (for `nativeDriver` users) after it. Left to
 * itself, Sequelize would open a connection of its own before the pool's first, only to learn the
 * version, and close it: on PostgreSQL, MySQL and MariaDB one connection less at start (the
 * dialect's oldest supported version stands in while this first query runs). Answers the
 * version text (MariaDB says its name in it).
 *
 * @example
 * ```ts
 * const version = await readServerVersion(sequelize); // '15.20 (Debian 15.20-0+deb12u1)'
 * ```
 */
export async function readServerVersion(sequelize: Sequelize): Promise<string> {
  const versioned = sequelize as unknown as VersionedSequelize;
  const { defaultVersion } = versioned.dialect;
  if (versioned.options.databaseVersion === 0) versioned.options.databaseVersion = defaultVersion;
  const text = String(await versioned.databaseVersion());
  versioned.options.databaseVersion = coerceVersion(text) ?? defaultVersion;

  return text;
}
