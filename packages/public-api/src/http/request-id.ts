import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** A client-supplied id is echoed only when it is short and plain (no header injection). */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Gives every response an `X-Request-Id`: the client's own when it sent a plain one, else a new
 * UUID. Error bodies repeat it as `request_id`.
 */
export function assignRequestId(req: Request, res: Response, next: NextFunction): void {
  const given = req.get('x-request-id');
  const id = given !== undefined && CLIENT_ID.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/** The request id `assignRequestId` chose. */
export function requestIdOf(res: Response): string {
  return typeof res.locals.requestId === 'string' ? res.locals.requestId : '';
}
