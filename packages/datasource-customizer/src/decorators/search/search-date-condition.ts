import { DateTime } from 'luxon';
import { ConditionTreeFactory, type ConditionTree } from '@grove/datasource-toolkit';
import type { SearchConditionBuilder } from './search-condition-builder';

const datePattern = /^(>=|≥|<=|≤|>|<)?(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;

/**
 * The condition of a date search term (`2024`, `2024-3`, `2024-03-15`, optionally prefixed by
 * `>`, `>=`, `≥`, `<`, `<=`, `≤`) on a Date or Dateonly column: the period starts in the caller's
 * timezone. Needs `Equal`, `Before` and `After`; null when the term is not a date.
 *
 * @example
 * ```ts
 * searchDateCondition(builder, 'Dateonly', '2024', false, 'Europe/Paris');
 * // (Equal 2024-01-01 OR After 2024-01-01) AND Before 2025-01-01
 * ```
 */
export function searchDateCondition(
  builder: SearchConditionBuilder,
  columnType: 'Date' | 'Dateonly',
  term: string,
  negated: boolean,
  timezone: string,
): ConditionTree | null {
  const match = datePattern.exec(term);
  if (!match || !builder.supports('Equal', 'Before', 'After')) return null;
  const [, prefix, year, month, day] = match;
  const yearNumber = Number(year);
  if (yearNumber < 1800 || yearNumber > new Date().getFullYear() + 100) return null;

  const start = DateTime.fromObject(
    { year: yearNumber, month: month ? Number(month) : 1, day: day ? Number(day) : 1 },
    { zone: timezone },
  );
  if (!start.isValid) return null;
  const next = start.plus(day ? { days: 1 } : month ? { months: 1 } : { years: 1 });
  const format = (date: DateTime): string =>
    columnType === 'Dateonly'
      ? (date.toISODate() as string)
      : (date.toUTC().toISO({ suppressMilliseconds: true }) as string);
  const [s, n] = [format(start), format(next)];

  const onOrAfter = (bound: string) => builder.anyOf(['Equal', bound], ['After', bound]);
  const before = (bound: string) => builder.leaf('Before', bound);

  if (!negated) {
    switch (prefix) {
      case '>':
        return onOrAfter(n);
      case '>=':
      case '≥':
        return onOrAfter(s);
      case '<':
        return before(s);
      case '<=':
      case '≤':
        return before(n);
      default:
        return ConditionTreeFactory.intersect(onOrAfter(s), before(n));
    }
  }

  switch (prefix) {
    case '>':
      return builder.orMissing(before(n));
    case '>=':
    case '≥':
      return builder.orMissing(before(s));
    case '<':
      return builder.orMissing(onOrAfter(s));
    case '<=':
    case '≤':
      return builder.orMissing(onOrAfter(n));
    default:
      return builder.orMissing(builder.anyOf(['Before', s], ['After', n], ['Equal', n]));
  }
}
