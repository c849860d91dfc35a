import { GroveError, NotFoundError } from '@grove/datasource-toolkit';
import type { DataSource } from '@grove/datasource-toolkit';
import { collectionOf } from '../../src/http/collection-of';
import { buildDataSource } from '../schema/schema-fixture';

describe('collectionOf: the collection a route names', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await buildDataSource();
  });

  it('answers the collection of the stack, by name, without listing the collections', () => {
    const listed = jest.spyOn(dataSource, 'collections', 'get');
    try {
      const books = collectionOf(dataSource, 'books');

      expect(books.name).toBe('books');
      expect(books).toBe(dataSource.getCollection('books'));
      expect(listed).not.toHaveBeenCalled();
    } finally {
      listed.mockRestore();
    }
  });

  it.each([['bookz'], [''], [undefined], ['__proto__'], ['constructor']])(
    'answers a 404 naming an unknown collection (%s)',
    name => {
      const failure = (() => {
        try {
          return collectionOf(dataSource, name);
        } catch (error) {
          return error;
        }
      })();

      expect(failure).toBeInstanceOf(NotFoundError);
      expect((failure as NotFoundError).message).toBe(`Collection '${name ?? ''}' not found`);
    },
  );

  it('rethrows any other failure of the data source as it is', () => {
    const broken = new GroveError('InternalServerError', 'the stack is broken');
    const failing = {
      getCollection: () => {
        throw broken;
      },
    } as unknown as DataSource;

    expect(() => collectionOf(failing, 'books')).toThrow(broken);
  });
});
