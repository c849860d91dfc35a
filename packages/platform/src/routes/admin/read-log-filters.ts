import { ValidationError } from '@grove/datasource-toolkit';
import type { DateRange, LogCursor } from '@grove/public-api';
import type { Request } from 'express';

import { decodeLogCursor } from './log-cursor';

/** Page size bounds of the log lists of the admin API. */
export const LOG_PAGE = { default: 50, max: 200 } as const;

/** What every log list (and export) of the admin API reads: page, user, date range. */
export interface LogPageFilters {
  readonly limit: number;
  readonly after: LogCursor | undefined;
  readonly userEmail: string | undefined;
  readonly createdAt: DateRange | undefined;
}

/** The parameters every log list takes; exports take them without `limit` and `cursor`. */
export const LOG_PAGE_PARAMETERS = ['limit', 'cursor', 'userEmail', 'from', 'to'] as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The query string as a map: every name one of `allowed`, given once, a value of at most 255
 * characters; else a 400 whose message starts with the parameter's name.
 *
 * @example
 * ```ts
 * const params = logQueryParameters(req, ['limit', 'cursor', 'collection']);
 * ```
 */
export function logQueryParameters(
  req: Request,
  allowed: readonly string[],
): ReadonlyMap<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of Object.entries(req.query)) {
    const shown = name.slice(0, 64);
    if (!allowed.includes(name)) {
      throw new ValidationError(`${shown} is not a parameter of this list (${allowed.join(', ')})`);
    }
    if (typeof value !== 'string') throw new ValidationError(`${shown} is given once, as text`);
    if (value.length > 255) throw new ValidationError(`${shown} is at most 255 characters`);
    // An empty filter (a cleared form field) filters nothing.
    if (value !== '') params.set(name, value);
  }

  return params;
}

/** A day (`2026-01-31`, UTC) or an ISO 8601 date-time; `end` of a day is the next midnight. */
function readDate(name: string, value: string, end: boolean): Date {
  const day = DAY.exec(value);
  const date = day || DATE_TIME.test(value) ? new Date(day ? `${value}T00:00:00Z` : value) : null;
  const real =
    date &&
    !Number.isNaN(date.getTime()) &&
    (!day || date.toISOString().slice(0, 10) === value.slice(0, 10));
  if (!real) throw new ValidationError(`${name} is a date (2026-01-31) or an ISO 8601 date-time`);
  if (day && end) date.setUTCDate(date.getUTCDate() + 1);

  return date;
}

/**
 * Reads `limit` (1–200, default 50), `cursor`, `userEmail`, `from` and `to` (a day or a
 * date-time; `to` a day includes that whole day, `to` a date-time that instant).
 *
 * @example
 * ```ts
 * const { limit, after, userEmail, createdAt } = readLogPageFilters(params);
 * ```
 */
export function readLogPageFilters(params: ReadonlyMap<string, string>): LogPageFilters {
  const limitText = params.get('limit');
  const limit = limitText === undefined ? LOG_PAGE.default : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? '1') || limit < 1 || limit > LOG_PAGE.max) {
    throw new ValidationError(`limit is an integer from 1 to ${LOG_PAGE.max}`);
  }
  const cursor = params.get('cursor');
  const userEmail = params.get('userEmail');
  if (userEmail !== undefined && !EMAIL.test(userEmail)) {
    throw new ValidationError('userEmail is an email address');
  }
  const fromText = params.get('from');
  const toText = params.get('to');
  const from = fromText === undefined ? undefined : readDate('from', fromText, false);
  const to = toText === undefined ? undefined : readDate('to', toText, true);
  if (from && to && from.getTime() > to.getTime()) {
    throw new ValidationError('to is after from');
  }
  // `to` a day ends at the next midnight (excluded); `to` a date-time is included.
  const toDay = toText !== undefined && DAY.test(toText);
  const range = {
    ...(from ? { gte: from } : {}),
    ...(to ? (toDay ? { lt: to } : { lte: to }) : {}),
  };

  return {
    limit,
    after: cursor === undefined ? undefined : decodeLogCursor(cursor),
    userEmail,
    createdAt: from || to ? range : undefined,
  };
}

/**
 * A filter that is one of `values`, or a 400 naming it.
 *
 * @example
 * ```ts
 * const type = oneOf(params, 'type', ['read', 'write']);
 * ```
 */
export function oneOf<T extends string>(
  params: ReadonlyMap<string, string>,
  name: string,
  values: readonly T[],
): T | undefined {
  const value = params.get(name);
  if (value !== undefined && !(values as readonly string[]).includes(value)) {
    throw new ValidationError(`${name} is one of: ${values.join(', ')}`);
  }

  return value as T | undefined;
}
