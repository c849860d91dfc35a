import { GroveError } from '@grove/datasource-toolkit';

/**
 * The database could not be reached at start-up. The message names the dialect, host, port and
 * database (never the password) and says what the driver reported.
 *
 * @example
 * ```ts
 * // Unable to connect to the given uri: postgres://db:5432/shop.
 * // Connection refused error: connect ECONNREFUSED 10.0.0.3:5432
 * ```
 */
export class DatabaseConnectError extends GroveError {
  readonly debugUri: string;
  readonly details: string;

  constructor(debugUri: string, details: string, cause?: unknown) {
    super(
      'ServiceUnavailableError',
      `Unable to connect to the given uri: ${debugUri}.\n${details}`,
      {
        name: 'DatabaseConnectError',
        data: { debugUri },
        cause,
      },
    );
    this.debugUri = debugUri;
    this.details = details;
  }
}

/** "SequelizeConnectionRefusedError" → "Connection refused error". */
export function humanizeErrorName(name: string): string {
  const words = name
    .replace(/^Sequelize/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Sequelize's names for the connection failures of a driver's network error codes. */
const connectErrorNames: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'ConnectionRefusedError',
  ENOTFOUND: 'HostNotFoundError',
  EHOSTUNREACH: 'HostNotReachableError',
  EINVAL: 'InvalidConnectionError',
};

/**
 * The name of a failed connection's error, worded as Sequelize names it (messages of start-up
 * failures stay the same whichever pool connected): a driver's network failure by its code,
 * any other driver error `ConnectionError`; an error Sequelize already named keeps its name.
 *
 * @example
 * ```ts
 * driverErrorName(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })); // 'ConnectionRefusedError'
 * driverErrorName(new Error('password authentication failed')); // 'ConnectionError'
 * ```
 */
export function driverErrorName(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (typeof name === 'string' && name.startsWith('Sequelize')) return name;
  if (typeof code === 'string' && connectErrorNames[code]) return connectErrorNames[code];

  return 'ConnectionError';
}
