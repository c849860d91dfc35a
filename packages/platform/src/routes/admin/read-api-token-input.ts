import { ValidationError } from '@grove/datasource-toolkit';
import type { ApiTokenLevel, ApiTokenScope } from '@grove/public-api';
import type { Request } from 'express';

import { bodyOf } from '../../http/admin-input';

/** The scopes a token may carry. */
export const API_TOKEN_SCOPES: readonly ApiTokenScope[] = [
  'activity_logs:read',
  'admin_logs:read',
  'notes:read',
  'notes:write',
  'workflows:trigger',
  'all',
];

/** The levels a token may have. */
export const API_TOKEN_LEVELS: readonly ApiTokenLevel[] = ['read-only', 'read-write'];

/** How far ahead a token's expiration date may be. */
export const API_TOKEN_MAX_LIFETIME_YEARS = 2;

/** A new token as the admin asked for it, validated. */
export interface ApiTokenInput {
  readonly name: string;
  readonly level: ApiTokenLevel;
  readonly scopes: readonly ApiTokenScope[];
  readonly expiresAt: Date | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function readName(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/;
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 255) {
    throw new ValidationError('name is a text of 1 to 255 characters');
  }
  if (control.test(value)) throw new ValidationError('name may not hold control characters');

  return value;
}

function readScopes(value: unknown): ApiTokenScope[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > API_TOKEN_SCOPES.length) {
    throw new ValidationError(`scopes is a non-empty list of: ${API_TOKEN_SCOPES.join(', ')}`);
  }
  const scopes: ApiTokenScope[] = [];
  for (const scope of value) {
    if (!API_TOKEN_SCOPES.includes(scope as ApiTokenScope)) {
      throw new ValidationError(`Unknown scope (allowed: ${API_TOKEN_SCOPES.join(', ')})`);
    }
    if (scopes.includes(scope as ApiTokenScope)) {
      throw new ValidationError(`Scope ${String(scope)} is given twice`);
    }
    scopes.push(scope as ApiTokenScope);
  }

  return scopes;
}

/** The date part names a real day (JavaScript turns 2027-02-31 into March 3rd). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));

  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function readExpiresAt(value: unknown, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const date = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || !isCalendarDate(value as string)) {
    throw new ValidationError('expiresAt is an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z)');
  }
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + API_TOKEN_MAX_LIFETIME_YEARS);
  if (date.getTime() <= now.getTime() || date.getTime() > latest.getTime()) {
    throw new ValidationError(
      `expiresAt is in the future, at most ${API_TOKEN_MAX_LIFETIME_YEARS} years ahead`,
    );
  }

  return date;
}

/**
 * The body of `POST …/api-tokens`, validated: `name` (1–255 characters, no control
 * characters), `level` (`read-only` | `read-write`), `scopes` (a non-empty list of known scopes,
 * without duplicates), `expiresAt` (optional ISO 8601 date, in the future, at most two years
 * ahead). A 400 `ValidationError` for anything else, unknown fields included.
 *
 * @example
 * ```ts
 * const input = readApiTokenInput(req, new Date());
 * ```
 */
export function readApiTokenInput(req: Request, now: Date): ApiTokenInput {
  const body = bodyOf(req, ['name', 'level', 'scopes', 'expiresAt']);
  const name = readName(body.name);
  if (!API_TOKEN_LEVELS.includes(body.level as ApiTokenLevel)) {
    throw new ValidationError(`level is one of: ${API_TOKEN_LEVELS.join(', ')}`);
  }

  return {
    name,
    level: body.level as ApiTokenLevel,
    scopes: readScopes(body.scopes),
    expiresAt: readExpiresAt(body.expiresAt, now),
  };
}
