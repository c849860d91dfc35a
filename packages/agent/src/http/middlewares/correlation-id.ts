import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const header = 'x-forest-correlation-id';

/**
 * The request id of a response: a UUID v4 created on first use and sent back in
 * `x-forest-correlation-id` (docs/agent-protocol.md#headers); never read from the request.
 *
 * @example
 * ```ts
 * const requestId = correlationIdOf(response);
 * ```
 */
export function correlationIdOf(response: Response): string {
  const locals = response.locals as { correlationId?: string };
  if (locals.correlationId === undefined) {
    locals.correlationId = randomUUID();
    if (!response.headersSent) response.setHeader(header, locals.correlationId);
  }

  return locals.correlationId;
}

/**
 * Exposes the correlation id header to browsers (the id itself is created lazily).
 *
 * @example
 * ```ts
 * router.use(correlationId);
 * ```
 */
export const correlationId: RequestHandler = (_request, response, next) => {
  response.setHeader('Access-Control-Expose-Headers', header);
  next();
};
