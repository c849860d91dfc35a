import type { Random } from './create-random';
import type { DemoAddress } from './demo-rows';
import type { DemoCountry } from './demo-words';

const dayInMs = 86_400_000;

/**
 * The building blocks of seeded values. Time is measured from a fixed base instant, never from
 * the clock, so that every run seeds the same rows.
 *
 * @example
 * ```ts
 * demoValues.instant(demoValues.baseTime); // '2025-01-01T00:00:00.000Z'
 * demoValues.cents(1250); // '12.50'
 * ```
 */
export const demoValues = {
  /** 2025-01-01T00:00:00Z: customers exist before it, orders are placed in the year after it. */
  baseTime: Date.UTC(2025, 0, 1),
  dayInMs,

  /** An ISO instant in UTC with milliseconds, as every dialect reads it back. */
  instant(ms: number): string {
    return new Date(ms).toISOString();
  },

  /** A calendar date `YYYY-MM-DD` (UTC). */
  date(ms: number): string {
    return new Date(ms).toISOString().slice(0, 10);
  },

  /** An exact decimal string of an amount in cents: money is computed in integers. */
  cents(cents: number): string {
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  },

  /** A string following a pattern where `#` is a digit and `A` an upper-case letter. */
  fromPattern(random: Random, pattern: string): string {
    return pattern.replace(/[#A]/g, char =>
      char === '#' ? String(random.integer(0, 9)) : String.fromCharCode(random.integer(65, 90)),
    );
  },

  /** A street address in a country. */
  address(random: Random, country: DemoCountry): DemoAddress {
    return {
      street: `${random.integer(1, 180)} ${random.pick(country.streets)}`,
      city: random.pick(country.cities),
      zip: demoValues.fromPattern(random, country.zipPattern),
      country: country.name,
    };
  },
};
