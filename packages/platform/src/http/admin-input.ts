import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import type { Request } from 'express';

/**
 * The JSON body of an admin request as a plain object (400 otherwise; an absent body is `{}`),
 * refusing keys outside `allowed` so that a typo is not silently ignored.
 *
 * @example
 * ```ts
 * const { name } = bodyOf(req, ['name']);
 * ```
 */
export function bodyOf(req: Request, allowed: readonly string[]): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError('The body must be a JSON object');
  }
  const unknown = Object.keys(body).filter(key => !allowed.includes(key));
  if (unknown.length > 0) throw new ValidationError(`Unknown fields: ${unknown.join(', ')}`);

  return body as Record<string, unknown>;
}

/**
 * A positive integer id from a path parameter; 404 for anything else (it names nothing).
 *
 * @example
 * ```ts
 * const teamId = idParam(req, 'teamId');
 * ```
 */
export function idParam(req: Request, name: string): number {
  const raw = String(req.params[name] ?? '');
  if (!/^[1-9]\d{0,9}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new NotFoundError(`No ${name.replace(/Id$/, '')} ${raw}`);
  }

  return Number(raw);
}

/**
 * A collection or action name from a path parameter: 1 to 255 characters, no control characters.
 *
 * @example
 * ```ts
 * const collection = nameParam(req, 'collection');
 * ```
 */
export function nameParam(req: Request, name: string): string {
  const raw = String(req.params[name] ?? '');
  // eslint-disable-next-line no-control-regex
  if (raw.length === 0 || raw.length > 255 || /[\u0000-\u001f\u007f]/.test(raw)) {
    throw new ValidationError(`Invalid ${name} name`);
  }

  return raw;
}

/** An optional boolean field (undefined when absent); 400 for any other type. */
export function optionalBoolean(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value !== undefined && typeof value !== 'boolean') {
    throw new ValidationError(`${key} must be a boolean`);
  }

  return value;
}
