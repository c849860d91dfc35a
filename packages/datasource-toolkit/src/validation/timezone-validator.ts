import { IANAZone } from 'luxon';
import { ValidationError } from '../errors/errors';
import { describeValue } from './describe-value';

/**
 * Checks that a value is a timezone the runtime knows (an IANA name such as `Europe/Paris`, or
 * `UTC`), as luxon / Intl accept it.
 *
 * @example
 * ```ts
 * validateTimezone('Europe/Paris'); // ok
 * validateTimezone('Mars/Olympus'); // throws: Invalid timezone: "Mars/Olympus"
 * ```
 */
export function validateTimezone(timezone: unknown): asserts timezone is string {
  if (typeof timezone !== 'string' || !IANAZone.isValidZone(timezone)) {
    throw new ValidationError(`Invalid timezone: "${describeValue(timezone)}"`);
  }
}
