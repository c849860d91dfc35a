import { errorStatus, isGroveError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import type { ErrorRequestHandler } from 'express';
import { correlationIdOf } from './correlation-id';

/** One error of the `errors` array of docs/agent-protocol.md#errors. */
export interface ErrorBodyItem {
  readonly name: string;
  readonly detail: string;
  readonly status: number;
  readonly data?: Record<string, unknown>;
}

/**
 * The status and body of an error (docs/agent-protocol.md#errors): Grove errors by their `code`
 * through the toolkit's exhaustive table; a client error raised by Express or its body parsers
 * before any route ran (a path that does not decode, a body in an encoding it cannot read: an
 * `http-errors` error with a 4xx status) with that status; anything else as 500 `Unexpected error`
 * (never a stack trace).
 *
 * @example
 * ```ts
 * toErrorBody(new ValidationError('Missing timezone'));
 * // { status: 400, body: { errors: [{ name: 'ValidationError', detail: 'Missing timezone', status: 400 }] } }
 * ```
 */
export function toErrorBody(error: unknown): { status: number; body: { errors: ErrorBodyItem[] } } {
  if (isGroveError(error)) {
    const status = errorStatus[error.code];
    const item: ErrorBodyItem = {
      name: error.name,
      detail: error.message || 'Unexpected error',
      status,
      ...(error.data === undefined ? {} : { data: error.data }),
    };

    return { status, body: { errors: [item] } };
  }
  const client = clientHttpError(error);
  if (client) return { status: client.status, body: { errors: [client] } };

  return {
    status: 500,
    body: { errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }] },
  };
}

/**
 * The one error middleware of the agent: writes the docs/agent-protocol.md#errors body (body-parser
 * failures included: see `bodyParsers`); logs 5xx at Error with the request id so an operator can
 * find the stack trace a client never sees, and client errors at Debug.
 *
 * @example
 * ```ts
 * router.use(createErrorHandler(logger));
 * ```
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    if (response.headersSent) {
      // A stream (CSV, file) failed midway: the status is gone, cut the connection.
      logger('Error', `${request.method} ${request.originalUrl} failed while streaming`, error);
      response.destroy();

      return;
    }

    const { status, body } = toErrorBody(error);
    // A client's mistake (bad JSON, a refused right…) is no operator's concern: Debug only.
    logger(
      status >= 500 ? 'Error' : 'Debug',
      `[${correlationIdOf(response)}] ${request.method} ${request.originalUrl} failed`,
      error,
    );
    response.status(status).json(body);
  };
}

/**
 * A 4xx error of Express's own layers (router, body parsers), recognised by the numeric
 * `status` and `expose` flag that `http-errors` sets; its message is meant for the client.
 */
function clientHttpError(error: unknown): ErrorBodyItem | undefined {
  const { status, expose, message } = (error ?? {}) as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  const { name } = (error ?? {}) as { name?: unknown };
  // The router's "Failed to decode param" is a URIError with a 400 status but no `expose`.
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (expose !== true && name !== 'URIError') {
    return undefined;
  }

  return {
    name: status === 413 ? 'PayloadTooLargeError' : 'ValidationError',
    detail: typeof message === 'string' && message ? message : 'Bad Request',
    status,
  };
}
