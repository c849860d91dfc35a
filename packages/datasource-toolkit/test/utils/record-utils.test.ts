import {
  getFieldValue,
  getPrimaryKey,
  packId,
  setFieldValue,
  unpackId,
} from '../../src/utils/record-utils';
import { makeBooksSchema } from '../helpers/books-schema';

describe('record utils', () => {
  it('reads nested paths, null when interrupted', () => {
    const record = { author: { address: { city: 'Paris' } }, editor: null };

    expect(getFieldValue(record, 'author:address:city')).toBe('Paris');
    expect(getFieldValue(record, 'editor:name')).toBeNull();
    expect(getFieldValue(record, 'missing:name')).toBeNull();
  });

  it('writes nested paths', () => {
    const record: Record<string, unknown> = { author: { id: 1 } };
    setFieldValue(record, 'author:name', 'Ada');
    setFieldValue(record, 'editor:name', 'Bob');

    expect(record).toEqual({ author: { id: 1, name: 'Ada' }, editor: { name: 'Bob' } });
  });

  it('reads composite primary keys in schema order', () => {
    const { bookTags } = makeBooksSchema();

    expect(getPrimaryKey(bookTags.schema, { tagId: 7, bookId: 3 })).toEqual([3, 7]);
    expect(() => getPrimaryKey(bookTags.schema, { bookId: 3 })).toThrow(
      'Missing primary key: tagId',
    );
  });

  it('packs and unpacks ids with |', () => {
    const { bookTags, books } = makeBooksSchema();

    expect(packId([3, 7])).toBe('3|7');
    expect(unpackId(bookTags.schema, '3|7')).toEqual([3, 7]);
    expect(unpackId(books.schema, 12)).toEqual([12]);
  });

  it('rejects ids of the wrong shape', () => {
    const { bookTags, books } = makeBooksSchema();

    expect(() => unpackId(bookTags.schema, '3')).toThrow(
      'Expected 2 values in the id, found 1: "3"',
    );
    expect(() => unpackId(books.schema, 'abc')).toThrow('Failed to parse number from abc');
  });
});
