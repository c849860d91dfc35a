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
