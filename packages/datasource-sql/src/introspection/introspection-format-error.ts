import { GroveError } from '@grove/datasource-toolkit';

/**
 * A saved introspection was written by a newer version of this package than the one reading it.
 * Match it by `name` (`'IntrospectionFormatError'`), never by `instanceof`.
 *
 * @example
 * ```ts
 * if (error instanceof Error && error.name === 'IntrospectionFormatError') askForAnUpdate();
 * ```
 */
export class IntrospectionFormatError extends GroveError {
  constructor() {
    super(
      'ValidationError',
      'This version of introspection is newer than this package version. Please update @grove/datasource-sql',
      { name: 'IntrospectionFormatError' },
    );
  }
}
