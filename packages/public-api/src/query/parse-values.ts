import { invalidParameter } from '../http/public-api-error';
import type { DateRange } from '../store/list-query-types';

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A strict ISO 8601 date-time (`2024-06-04T09:21:26.159Z`, or with an offset): every field in
 * range, no overflow (`2024-02-30` is refused); else a 400 naming `param`.
 */
export function parseDateTime(param: string, value: string): Date {
  const match = DATE_TIME.exec(value);
  const fail = () =>
    invalidParameter(
      param,
      `${param} must be an ISO 8601 date-time, e.g. 2024-06-04T09:21:26.159Z`,
    );
  if (!match) throw fail();
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(part => Number(part ?? 0));
  const days = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  const offsetOk = match[8] === 'Z' || (Number(match[9]) <= 23 && Number(match[10]) <= 59);
  if (month! < 1 || month! > 12 || day! < 1 || day! > days || hour! > 23 || minute! > 59) {
    throw fail();
  }
  if (second! > 59 || !offsetOk) throw fail();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw fail();

  return date;
}

const DATE_OPERATORS = ['eq', 'lt', 'lte', 'gt', 'gte'] as const;

/** The query names of a date filter: `createdAt.eq`, `createdAt.lt`… */
export function dateFilterNames(field: string): string[] {
  return DATE_OPERATORS.map(operator => `${field}.${operator}`);
}

/** The date range of `field` given in the query, or undefined when none of its bounds is. */
export function parseDateRange(
  params: ReadonlyMap<string, string>,
  field: string,
): DateRange | undefined {
  const range: { -readonly [K in keyof DateRange]: Date } = {};
  for (const operator of DATE_OPERATORS) {
    const name = `${field}.${operator}`;
    const value = params.get(name);
    if (value !== undefined) range[operator] = parseDateTime(name, value);
  }

  return Object.keys(range).length > 0 ? range : undefined;
}

/** A positive integer id (at most 2^31 - 1). */
export function parsePositiveInteger(param: string, value: string): number {
  const number = /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
  if (!(number <= 2147483647)) throw invalidParameter(param, `${param} must be a positive integer`);

  return number;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** An email address (bounded, linear check). */
export function parseEmail(param: string, value: string): string {
  if (value.length > 254 || !EMAIL.test(value)) {
    throw invalidParameter(param, `${param} must be an email address`);
  }

  return value;
}

/** A non-empty text of at most `max` characters. */
export function parseText(param: string, value: string, max = 255): string {
  if (value.length === 0 || value.length > max) {
    throw invalidParameter(param, `${param} must be between 1 and ${max} characters`);
  }

  return value;
}

/** One value of an enum. */
export function parseEnum<T extends string>(param: string, value: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value)) {
    throw invalidParameter(param, `${param} must be one of: ${values.join(', ')}`);
  }

  return value as T;
}

/** A comma-separated list of enum values (`create,update`), without duplicates. */
export function parseEnumList<T extends string>(
  param: string,
  value: string,
  values: readonly T[],
): T[] {
  return [...new Set(value.split(',').map(part => parseEnum(param, part, values)))];
}

/** `true` or `false`. */
export function parseBoolean(param: string, value: string): boolean {
  if (value !== 'true' && value !== 'false') {
    throw invalidParameter(param, `${param} must be true or false`);
  }

  return value === 'true';
}

/** `limit`: an integer from 1 to 100 (default 10). */
export function parseLimit(value: string | undefined): number {
  if (value === undefined) return 10;
  const limit = /^[0-9]{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= 100)) {
    throw invalidParameter('limit', 'limit must be an integer between 1 and 100');
  }

  return limit;
}
