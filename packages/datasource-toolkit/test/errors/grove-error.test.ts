import { errorStatus } from '../../src/errors/error-status';
import {
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../src/errors/errors';
import { GroveError, isGroveError } from '../../src/errors/grove-error';
import {
  isMissingSchemaElementError,
  missingCollection,
  missingSchemaElement,
} from '../../src/errors/missing-schema-element-error';

describe('GroveError', () => {
  it('carries a code, a name, data and a cause', () => {
    const cause = new Error('driver');
    const error = new GroveError('ConflictError', 'Duplicate email', {
      name: 'UniqueConstraintError',
      data: { field: 'email' },
      cause,
    });

    expect(error.code).toBe('ConflictError');
    expect(error.name).toBe('UniqueConstraintError');
    expect(error.data).toEqual({ field: 'email' });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('Duplicate email');
  });

  it('names errors after their code by default', () => {
    expect(new ValidationError('x').name).toBe('ValidationError');
    expect(new ForbiddenError('x').code).toBe('ForbiddenError');
    expect(new UnprocessableError('x').code).toBe('UnprocessableError');
    expect(new NotFoundError('x').code).toBe('NotFoundError');
  });

  it('is recognised by marker, across copies of the package', () => {
    const foreignCopy = Object.assign(new Error('x'), {
      isGroveError: true,
      code: 'ForbiddenError',
    });

    expect(isGroveError(foreignCopy)).toBe(true);
    expect(isGroveError(foreignCopy, 'ForbiddenError')).toBe(true);
    expect(isGroveError(foreignCopy, 'ValidationError')).toBe(false);
    expect(isGroveError(new Error('x'))).toBe(false);
    expect(isGroveError(null)).toBe(false);
  });

  it('maps every code to an HTTP status', () => {
    expect(errorStatus).toEqual({
      ValidationError: 400,
      BadRequestError: 400,
      UnauthorizedError: 401,
      ForbiddenError: 403,
      NotFoundError: 404,
      ConflictError: 409,
      UnprocessableError: 422,
      PayloadTooLargeError: 413,
      UnsupportedMediaTypeError: 415,
      TooManyRequestsError: 429,
      InternalServerError: 500,
      ServiceUnavailableError: 503,
    });
  });
});

describe('missing schema elements', () => {
  it('describes a missing field', () => {
    const error = missingSchemaElement('relation', 'books', 'autor', ['author']);

    expect(error.name).toBe('MissingRelationError');
    expect(error.code).toBe('ValidationError');
    expect(error.message).toBe(
      "The 'books.autor' relation was not found. Available relations are: ['author']. Please check if the relation name is correct.",
    );
    expect(isMissingSchemaElementError(error)).toBe(true);
  });

  it('describes a missing collection with sorted alternatives', () => {
    const error = missingCollection('bookz', ['books', 'authors']);

    expect(error.name).toBe('MissingCollectionError');
    expect(error.message).toBe(
      "Collection 'bookz' not found. List of available collections: authors, books",
    );
    expect(isMissingSchemaElementError(error)).toBe(true);
    expect(isMissingSchemaElementError(new ValidationError('x'))).toBe(false);
  });
});
