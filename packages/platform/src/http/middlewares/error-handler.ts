import { errorStatus, isGroveError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import type { ErrorRequestHandler } from 'express';
import { UniqueConstraintError, ValidationError as SequelizeValidationError } from 'sequelize';

import type { PlatformMode } from '../../platform-context';

interface ErrorBody {
  status: number;
  code: string;
  detail: string;
}

function describe(error: unknown): ErrorBody {
  if (isGroveError(error)) {
    return { status: errorStatus[error.code], code: error.code, detail: error.message };
  }
  // A unique index refused the row (duplicate name, email...): nothing was written.
  if (error instanceof UniqueConstraintError) {
    const fields = Object.keys(error.fields ?? {}).join(', ');

    return {
      status: 409,
      code: 'ConflictError',
      detail: `Already exists${fields ? ` (${fields})` : ''}`,
    };
  }
  if (error instanceof SequelizeValidationError) {
    return {
      status: 400,
      code: 'ValidationError',
      detail: error.errors.map(item => item.message).join('; '),
    };
  }
  // body-parser and http-errors: malformed JSON (400), too large (413)...
  const status = (error as { status?: unknown; expose?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      code: status === 413 ? 'PayloadTooLargeError' : 'BadRequestError',
      detail: (error as Error).message,
    };
  }

  return { status: 500, code: 'InternalServerError', detail: 'Unexpected error' };
}

/**
 * The last middleware: every error becomes `{ errors: [{ status, code, detail }] }` (the shape
 * the agents read, docs/platform-protocol.md#errors) with the status of its code. Unexpected errors
 * are logged and answered 500 without their message. Sandbox mode answers `{ errors: [{ detail }]
 * }`, the shape the test kit's sandbox always had, and logs client errors at `Debug` (an agent
 * under test that calls wrongly shows in the test's logger).
 *
 * @example
 * ```ts
 * app.use(createErrorHandler(logger, 'standard'));
 * ```
 */
export function createErrorHandler(
  logger: Logger,
  mode: PlatformMode = 'standard',
): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);

      return;
    }
    const body = describe(error);
    if (body.status >= 500) {
      logger('Error', `${req.method} ${req.path}: ${(error as Error)?.stack ?? String(error)}`);
    } else if (mode === 'sandbox') {
      logger('Debug', `${req.method} ${req.path}: ${body.detail}`);
    }
    res.status(body.status).json({ errors: [mode === 'sandbox' ? { detail: body.detail } : body] });
  };
}
