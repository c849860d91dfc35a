import type { Logger } from '@grove/datasource-toolkit';
import type { RequestHandler } from 'express';

/**
 * Logs `[status] METHOD path - Nms` when a response finishes: Info below 400, Warn below 500,
 * Error from 500 (docs/agent-protocol.md#middleware-order).
 *
 * @example
 * ```ts
 * router.use(requestLogger(logger));
 * ```
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const { statusCode } = response;
      const elapsed = Number((process.hrtime.bigint() - started) / 1_000_000n);
      const level = statusCode >= 500 ? 'Error' : statusCode >= 400 ? 'Warn' : 'Info';
      logger(level, `[${statusCode}] ${request.method} ${request.originalUrl} - ${elapsed}ms`);
    });
    next();
  };
}
