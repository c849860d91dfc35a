import type { Logger, LoggerLevel } from '@grove/datasource-toolkit';
import type { RequestHandler } from 'express';
import { logsAt } from '../../options/default-logger';

/**
 * Logs `[status] METHOD path - Nms` when a response finishes: Info below 400, Warn below 500,
 * Error from 500 (docs/agent-protocol.md#middleware-order). A line below the logger's
 * `threshold` is not formatted at all.
 *
 * @example
 * ```ts
 * router.use(requestLogger(logger, 'Info'));
 * ```
 */
export function requestLogger(logger: Logger, threshold: LoggerLevel = 'Debug'): RequestHandler {
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const { statusCode } = response;
      const level = statusCode >= 500 ? 'Error' : statusCode >= 400 ? 'Warn' : 'Info';
      if (!logsAt(threshold, level)) return;
      const elapsed = Number((process.hrtime.bigint() - started) / 1_000_000n);
      logger(level, `[${statusCode}] ${request.method} ${request.originalUrl} - ${elapsed}ms`);
    });
    next();
  };
}
