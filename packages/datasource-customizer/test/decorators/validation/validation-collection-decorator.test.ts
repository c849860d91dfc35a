import {
  ConditionTreeLeaf,
  createInMemoryDataSource,
  Filter,
  type ColumnValidationRule,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { ValidationCollectionDecorator } from '../../../src/decorators/validation/validation-collection-decorator';
import { caller, makeLibrary, readAll } from '../write/library-fixture';

describe('ValidationCollectionDecorator', () => {
  let source: DataSource;
  let layer: DataSourceDecorator<ValidationCollectionDecorator>;

  beforeEach(() => {
    source = makeLibrary();
    layer = new DataSourceDecorator(source, ValidationCollectionDecorator);
  });

  describe('addValidation', () => {
    test('appends the rule to the exported validation', () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'Present' });
      books.addValidation('title', { operator: 'LongerThan', value: 2 });

      expect(books.schema.fields.title).toMatchObject({
        validation: [{ operator: 'Present' }, { operator: 'LongerThan', value: 2 }],
      });
    });

    test('refuses a relation', () => {
      expect(() =>
        layer.getCollection('books').addValidation('author', { operator: 'Present' }),
      ).toThrow("Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')");
    });

    test('refuses a relation path', () => {
      expect(() =>
        layer.getCollection('books').addValidation('author:firstName', { operator: 'Present' }),
      ).toThrow(
        "Access to the 'books.author:firstName' field is denied. You are trying to access a field " +
          'from a related entity, but this is not allowed in the current context. ' +
          'Please verify the field name and context of use.',
      );
    });

    test('refuses a read-only field', () => {
      expect(() =>
        layer.getCollection('authors').addValidation('fullName', { operator: 'Present' }),
      ).toThrow("Cannot add validators on a readonly field: 'authors.fullName'");
    });

    test('refuses an unknown field', () => {
      expect(() =>
        layer.getCollection('books').addValidation('isbn', { operator: 'Present' }),
      ).toThrow(
        "The 'books.isbn' field was not found. Available fields are: ['id', 'title', 'price', " +
          "'status', 'authorId', 'author']. Please check if the field name is correct.",
      );
    });

    test.each<[string, string, ColumnValidationRule, string]>([
      [
        'an unknown operator',
        'title',
        { operator: 'Bigger' as 'Equal' },
        "Unknown validation operator 'Bigger' on 'books.title'",
      ],
      [
        'an operator the column type cannot use',
        'price',
        { operator: 'LongerThan', value: 2 },
        "The 'LongerThan' validation rule cannot be used on 'books.price' (\"Number\" column). " +
          'Allowed operators: [Blank, Equal, Missing, NotEqual, Present, In, NotIn, IncludesAll, ' +
          'IncludesNone, GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual, Match]',
      ],
      [
        'a value on Present',
        'title',
        { operator: 'Present', value: 1 },
        "The 'Present' validation rule of 'books.title' takes no value",
      ],
      [
        'no value where one is needed',
        'title',
        { operator: 'Contains' },
        "The 'Contains' validation rule of 'books.title' needs a value",
      ],
      [
        'a non-numeric length',
        'title',
        { operator: 'LongerThan', value: '2' },
        "The 'LongerThan' validation rule of 'books.title' expects a number value, got \"2\"",
      ],
      [
        'a Match without regular expression',
        'title',
        { operator: 'Match', value: 3 },
        "The 'Match' validation rule of 'books.title' expects a regular expression, got 3",
      ],
    ])('refuses %s', (_label, field, rule, message) => {
      expect(() => layer.getCollection('books').addValidation(field, rule)).toThrow(message);
    });
  });

  describe('create', () => {
    test.each<[ColumnValidationRule, string, RecordData, RecordData, string]>([
      [
        { operator: 'Present' },
        'title',
        { title: 'Dune' },
        { title: '' },
        "'title' failed validation rule: 'Present'",
      ],
      [
        { operator: 'LongerThan', value: 3 },
        'title',
        { title: 'Dune' },
        { title: 'Ubi' },
        "'title' failed validation rule: 'LongerThan(3)'",
      ],
      [
        { operator: 'ShorterThan', value: 5 },
        'title',
        { title: 'Dune' },
        { title: 'Hyperion' },
        "'title' failed validation rule: 'ShorterThan(5)'",
      ],
      [
        { operator: 'Contains', value: 'un' },
        'title',
        { title: 'Dune' },
        { title: 'Emma' },
        "'title' failed validation rule: 'Contains(un)'",
      ],
      [
        { operator: 'Like', value: 'D%e' },
        'title',
        { title: 'Dune' },
        { title: 'Dunes' },
        "'title' failed validation rule: 'Like(D%e)'",
      ],
      [
        { operator: 'Match', value: /^[A-Z]/ },
        'title',
        { title: 'Dune' },
        { title: 'dune' },
        "'title' failed validation rule: 'Match(/^[A-Z]/)'",
      ],
      [
        { operator: 'GreaterThan', value: 0 },
        'price',
        { price: 1 },
        { price: 0 },
        "'price' failed validation rule: 'GreaterThan(0)'",
      ],
      [
        { operator: 'LessThan', value: 100 },
        'price',
        { price: 99 },
        { price: 100 },
        "'price' failed validation rule: 'LessThan(100)'",
      ],
    ])('enforces %o on books', async (rule, field, valid, invalid, message) => {
      const books = layer.getCollection('books');
      books.addValidation(field, rule);

      await expect(books.create(caller, [valid])).resolves.toHaveLength(1);
      await expect(books.create(caller, [invalid])).rejects.toMatchObject({
        code: 'ValidationError',
        message,
      });
    });

    test.each<[ColumnValidationRule, string, string, string]>([
      [
        { operator: 'Before', value: '2000-01-01' },
        '1999-12-31',
        '2000-01-02',
        "'birthDate' failed validation rule: 'Before(2000-01-01)'",
      ],
      [
        { operator: 'After', value: '1900-01-01' },
        '1900-01-02',
        '1899-12-31',
        "'birthDate' failed validation rule: 'After(1900-01-01)'",
      ],
    ])('enforces %o on a date', async (rule, valid, invalid, message) => {
      const authors = layer.getCollection('authors');
      authors.addValidation('birthDate', rule);

      await expect(authors.create(caller, [{ birthDate: valid }])).resolves.toHaveLength(1);
      await expect(authors.create(caller, [{ birthDate: invalid }])).rejects.toThrow(message);
    });

    test('a failing record leaves the data unchanged', async () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'LongerThan', value: 3 });

      await expect(
        books.create(caller, [{ title: 'Long enough' }, { title: 'No' }]),
      ).rejects.toThrow("'title' failed validation rule: 'LongerThan(3)'");
      expect(await readAll(source.getCollection('books'))).toHaveLength(3);
    });

    test('checks an omitted field only against Present (vendor quirk fixed)', async () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'LongerThan', value: 5 });

      await expect(books.create(caller, [{ price: 3 }])).resolves.toHaveLength(1);

      books.addValidation('title', { operator: 'Present' });
      await expect(books.create(caller, [{ price: 3 }])).rejects.toThrow(
        "'title' failed validation rule: 'Present'",
      );
    });

    test('checks null only against Present', async () => {
      const books = layer.getCollection('books');
      books.addValidation('price', { operator: 'GreaterThan', value: 0 });

      await expect(books.create(caller, [{ price: null }])).resolves.toHaveLength(1);

      books.addValidation('price', { operator: 'Present' });
      await expect(books.create(caller, [{ price: null }])).rejects.toThrow(
        "'price' failed validation rule: 'Present'",
      );
    });

    test('does not enforce the data source own rules', async () => {
      const own = new DataSourceDecorator(
        createInMemoryDataSource({
          collections: {
            notes: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                text: {
                  type: 'Column',
                  columnType: 'String',
                  validation: [{ operator: 'Present' }],
                },
              },
            },
          },
        }),
        ValidationCollectionDecorator,
      );

      await expect(own.getCollection('notes').create(caller, [{ id: 1 }])).resolves.toEqual([
        { id: 1, text: null },
      ]);
    });
  });

  describe('update', () => {
    test('checks only the fields present in the patch', async () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'Present' });
      books.addValidation('price', { operator: 'GreaterThan', value: 0 });
      const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });

      await books.update(caller, filter, { status: 'ok' });
      await expect(books.update(caller, filter, { price: -1 })).rejects.toThrow(
        "'price' failed validation rule: 'GreaterThan(0)'",
      );
      expect((await readAll(source.getCollection('books')))[0]).toMatchObject({
        status: 'ok',
        price: 10,
      });
    });

    test('checks a null value in the patch against Present', async () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'Present' });

      await expect(books.update(caller, new Filter(), { title: null })).rejects.toThrow(
        "'title' failed validation rule: 'Present'",
      );
    });
  });

  describe('setFieldNullable', () => {
    test('exports allowNull and drops the Present rules', () => {
      const books = layer.getCollection('books');
      books.addValidation('title', { operator: 'Present' });
      books.addValidation('title', { operator: 'LongerThan', value: 1 });
      books.setFieldNullable('title');

      expect(books.schema.fields.title).toMatchObject({
        allowNull: true,
        validation: [{ operator: 'LongerThan', value: 1 }],
      });
    });

    test('no longer enforces Present', async () => {
      const books = layer.getCollection('books');
      books.setFieldNullable('title');
      books.addValidation('title', { operator: 'Present' });

      await expect(books.create(caller, [{ price: 1 }])).resolves.toHaveLength(1);
    });

    test('refuses a relation path', () => {
      expect(() => layer.getCollection('books').setFieldNullable('author:firstName')).toThrow(
        "Access to the 'books.author:firstName' field is denied.",
      );
    });

    test('refuses a relation', () => {
      expect(() => layer.getCollection('books').setFieldNullable('author')).toThrow(
        "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
      );
    });
  });
});
