import type { GroveErrorCode } from './grove-error';

const codeByStatus: Readonly<Record<number, GroveErrorCode>> = {
  0: 'ServiceUnavailableError',
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
  502: 'ServiceUnavailableError',
  503: 'ServiceUnavailableError',
  504: 'ServiceUnavailableError',
};

/**
 * The Grove error code of an HTTP status another Grove service answered: the inverse of
 * {@link errorStatus} (400 → `ValidationError`, the code Grove servers send with a 400), with
 * 502/504 (a gateway that got no answer) and `0` (no answer at all) as `ServiceUnavailableError`.
 * Unlisted 4xx are `BadRequestError`, anything else `InternalServerError`. The one mapping the
 * clients (`@grove/platform-client`, `@grove/agent-client`) use.
 *
 * @example
 * ```ts
 * throw new GroveError(errorCodeForStatus(response.status), `GET ${url} answered ${response.status}`);
 * errorCodeForStatus(504); // 'ServiceUnavailableError'
 * ```
 */
export function errorCodeForStatus(status: number): GroveErrorCode {
  const code = codeByStatus[status];
  if (code !== undefined) return code;

  return status >= 400 && status < 500 ? 'BadRequestError' : 'InternalServerError';
}
