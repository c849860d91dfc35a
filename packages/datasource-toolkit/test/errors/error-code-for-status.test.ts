import { errorCodeForStatus } from '../../src/errors/error-code-for-status';
import { errorStatus } from '../../src/errors/error-status';
import type { GroveErrorCode } from '../../src/errors/grove-error';

describe('errorCodeForStatus', () => {
  it.each<[number, GroveErrorCode]>([
    [0, 'ServiceUnavailableError'],
    [400, 'ValidationError'],
    [401, 'UnauthorizedError'],
    [403, 'ForbiddenError'],
    [404, 'NotFoundError'],
    [409, 'ConflictError'],
    [413, 'PayloadTooLargeError'],
    [415, 'UnsupportedMediaTypeError'],
    [422, 'UnprocessableError'],
    [429, 'TooManyRequestsError'],
    [500, 'InternalServerError'],
    [502, 'ServiceUnavailableError'],
    [503, 'ServiceUnavailableError'],
    [504, 'ServiceUnavailableError'],
    [418, 'BadRequestError'],
    [501, 'InternalServerError'],
    [200, 'InternalServerError'],
  ])('maps %i to %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });

  it('maps the status of every code back to a code with that status', () => {
    const roundTrips = (Object.keys(errorStatus) as GroveErrorCode[]).map(
      code => errorStatus[errorCodeForStatus(errorStatus[code])] === errorStatus[code],
    );

    expect(roundTrips.every(Boolean)).toBe(true);
  });
});
