import {
  getColumnSchema,
  getFieldSchema,
  getPrimaryKeys,
  getRelatedCollection,
  isToOne,
} from '../../src/utils/schema-utils';
import { makeBooksSchema } from '../helpers/books-schema';

describe('schema utils', () => {
  it('lists primary keys', () => {
    const { bookTags } = makeBooksSchema();

    expect(getPrimaryKeys(bookTags.schema)).toEqual(['bookId', 'tagId']);
  });

  it('resolves paths through to-one relations', () => {
    const { books } = makeBooksSchema();

    expect(getFieldSchema(books, 'author:name')).toMatchObject({ columnType: 'String' });
    expect(getColumnSchema(books, 'title').columnType).toBe('String');
    expect(getRelatedCollection(books, 'author').name).toBe('authors');
    expect(isToOne(books.schema.fields.author)).toBe(true);
    expect(isToOne(books.schema.fields.tags)).toBe(false);
  });

  it('names the unknown field and the available ones', () => {
    const { books } = makeBooksSchema();

    expect(() => getFieldSchema(books, 'titel')).toThrow(
      "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'authorId', 'author', 'tags']. Please check if the field name is correct.",
    );
  });

  it('refuses paths through to-many relations and relations as columns', () => {
    const { books, authors } = makeBooksSchema();

    expect(() => getFieldSchema(authors, 'books:title')).toThrow(
      "Unexpected field type 'OneToMany': 'authors.books'",
    );
    expect(() => getColumnSchema(books, 'author')).toThrow(
      "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
    );
    expect(() => getRelatedCollection(books, 'title')).toThrow(
      "The 'books.title' relation was not found.",
    );
  });
});
