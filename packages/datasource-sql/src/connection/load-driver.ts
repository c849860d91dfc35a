import { createRequire } from 'node:module';
import type { SqlDialectName } from './connection-options';
import { DRIVER_PACKAGES, MissingDriverError } from './missing-driver-error';

/**
 * Loads a dialect's driver package (an optional peer dependency) as this package resolves it,
 * synchronously in both builds (`__filename` is shimmed in the ES module one), or throws a
 * {@link MissingDriverError} naming the package to install when it is not there.
 *
 * @example
 * ```ts
 * const pg = loadDriver<typeof import('pg')>('postgres');
 * ```
 */
export function loadDriver<T>(dialect: SqlDialectName): T {
  const name = DRIVER_PACKAGES[dialect];
  try {
    return createRequire(__filename)(name) as T;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const missing = code === 'MODULE_NOT_FOUND' && String(message).includes(`'${name}'`);
    throw missing ? new MissingDriverError(dialect, error) : error;
  }
}
