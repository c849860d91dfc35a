import type { DataSourceCustomizer } from '../src/data-source-customizer';
import { buildLibrary } from './scenarios/library-fixture';

const label = {
  columnType: 'String' as const,
  dependencies: ['firstName'],
  getValues: (records: unknown[]) => records.map(() => 'x'),
};

// Every mistake surfaces when the data source is built, with a message naming the collection and
// the field, whichever layer the customization targets.
describe('misuse fails at build', () => {
  it.each<[string, (customizer: DataSourceCustomizer) => unknown, string]>([
    [
      'an unknown collection',
      c => c.customizeCollection('writers', w => w.disableCount()),
      "Collection 'writers' not found. List of available collections: authors, bookTags, books, tags",
    ],
    [
      'an unknown field (rename)',
      c => c.customizeCollection('books', b => b.renameField('titel', 'name')),
      "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct.",
    ],
    [
      'an unknown field (sorting)',
      c => c.customizeCollection('books', b => b.emulateFieldSorting('nope')),
      "The 'books.nope' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct.",
    ],
    [
      'an unknown field (segment)',
      c =>
        c.customizeCollection('books', b =>
          b.addSegment('recent', { field: 'publishedOn', operator: 'Equal', value: 2020 }),
        ),
      "Invalid segment 'recent' on collection 'books': Invalid condition on field 'publishedOn' with operator 'Equal': The 'books.publishedOn' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct.",
    ],
    [
      'an operator a field cannot support (segment)',
      c =>
        c.customizeCollection('books', b =>
          b.addSegment('odd', { field: 'year', operator: 'Contains', value: '9' }),
        ),
      "Invalid segment 'odd' on collection 'books': The given operator 'Contains' is not supported by the column: 'year'.\nThe allowed types are: [Equal,NotEqual,LessThan,GreaterThan,LessThanOrEqual,GreaterThanOrEqual,IncludesAll,IncludesNone,Present,Blank,Missing,In,NotIn]",
    ],
    [
      'an unknown field (writing)',
      c => c.customizeCollection('books', b => b.replaceFieldWriting('nope', () => ({}))),
      "The 'books.nope' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct.",
    ],
    [
      'a circular computed dependency (declared before its dependency)',
      c =>
        c.customizeCollection('authors', a =>
          a
            .addField('a', { ...label, dependencies: ['b'] })
            .addField('b', { ...label, dependencies: ['a'] }),
        ),
      "Invalid dependency 'b' of computed field 'authors.a': The 'authors.b' field was not found. Available fields are: ['id', 'firstName', 'lastName', 'country']. Please check if the field name is correct.",
    ],
    [
      'a duplicate field',
      c => c.customizeCollection('authors', a => a.addField('firstName', label)),
      "The 'authors.firstName' field is already defined.",
    ],
    [
      'a duplicate relation',
      c =>
        c.customizeCollection('books', b =>
          b.addManyToOneRelation('author', 'authors', { foreignKey: 'authorId' }),
        ),
      "Cannot add the relation 'books.author': a field with this name is already defined.",
    ],
    [
      'a duplicate renamed name',
      c => c.customizeCollection('books', b => b.renameField('title', 'year')),
      "Cannot rename 'books.title' to 'year': the 'books.year' field is already defined.",
    ],
    [
      'a wrong relation key',
      c =>
        c.customizeCollection('authors', a =>
          a.addOneToManyRelation('books', 'books', { originKey: 'writerId' }),
        ),
      "Cannot add the relation 'authors.books': The 'books.writerId' column was not found. Available columns are: ['id', 'title', 'year', 'authorId']. Please check if the column name is correct.",
    ],
    [
      'relation keys of different types',
      c =>
        c.customizeCollection('books', b =>
          b.addManyToOneRelation('writer', 'authors', { foreignKey: 'title' }),
        ),
      "Cannot add the relation 'books.writer': Types from 'books.title' and 'authors.id' do not match.",
    ],
    [
      'an operator the field cannot support',
      c => c.customizeCollection('books', b => b.emulateFieldOperator('year', 'Like')),
      "Cannot emulate operator 'Like' on 'books.year': it is not allowed on columns of type 'Number'. Allowed operators are: [Blank, Equal, Missing, NotEqual, Present, In, NotIn, IncludesAll, IncludesNone, GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual]",
    ],
    [
      'a validation rule the field cannot support',
      c => c.customizeCollection('books', b => b.addFieldValidation('year', 'Like', '%')),
      `The 'Like' validation rule cannot be used on 'books.year' ("Number" column). Allowed operators: [Blank, Equal, Missing, NotEqual, Present, In, NotIn, IncludesAll, IncludesNone, GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual, Match]`,
    ],
    [
      'a relation where a column is expected',
      c => c.customizeCollection('books', b => b.emulateFieldOperator('author', 'Equal')),
      "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
    ],
    [
      'a binary mode on a non-binary field',
      c => c.customizeCollection('books', b => b.replaceFieldBinaryMode('title', 'hex')),
      "Expected a binary field: 'books.title' is not a Binary column",
    ],
    [
      'hiding a primary key',
      c => c.customizeCollection('books', b => b.removeField('id')),
      "Cannot hide primary key: 'books.id'",
    ],
    [
      'a field name with spaces',
      c =>
        c.customizeCollection('books', b =>
          b.importField('author name', { path: 'author:lastName' }),
        ),
      "The name of field 'author name' you configured on 'books' must not contain space. Something like 'authorName' should work has expected.",
    ],
  ])('%s', async (_label, customize, message) => {
    await expect(buildLibrary(customize)).rejects.toMatchObject({ message });
  });
});
