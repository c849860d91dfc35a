import { GroveError, errorStatus, isGroveError } from '@grove/datasource-toolkit';

import { PublicApiError, isPublicApiError } from '../src/http/public-api-error';
import type { PublicApiErrorCode } from '../src/http/public-api-error';

/** The status of each wire code, as the README's error table states it. */
const README_STATUS: Readonly<Record<PublicApiErrorCode, number>> = {
  invalid_parameter: 400,
  invalid_json: 400,
  invalid_webhook_url: 400,
  superseded_url: 400,
  invalid_token: 401,
  token_expired: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  run_in_progress: 409,
  payload_too_large: 413,
  content_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

describe('PublicApiError: a GroveError whose status follows from its wire code', () => {
  it.each(Object.entries(README_STATUS))('%s answers %i', (code, status) => {
    const error = new PublicApiError(code as PublicApiErrorCode, 'message');
    expect([error.status, errorStatus[error.code], error.publicApiCode]).toEqual([
      status,
      status,
      code,
    ]);
    expect(isGroveError(error)).toBe(true);
  });

  it('is recognised by its marker, not its class; a plain GroveError is not one', () => {
    const copy = Object.assign(new GroveError('ConflictError', 'busy'), {
      publicApiCode: 'run_in_progress',
      options: {},
    });
    expect(isPublicApiError(copy)).toBe(true);
    expect(isPublicApiError(new GroveError('ConflictError', 'busy'))).toBe(false);
    expect(isPublicApiError({ publicApiCode: 'conflict', options: {} })).toBe(false);
  });
});
