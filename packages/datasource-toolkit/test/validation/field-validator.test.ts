import { describe, expect, it } from '@jest/globals';
import type { ColumnSchema, ColumnType } from '../../src/interfaces/schema';
import {
  validateField,
  validateFieldName,
  validateValue,
} from '../../src/validation/field-validator';
import { makeStore } from './store-fixture';

const col = (columnType: ColumnType, enumValues?: string[]): ColumnSchema => ({
  type: 'Column',
  columnType,
  ...(enumValues ? { enumValues } : {}),
});

describe('validateField', () => {
  const { owners } = makeStore();

  it.each(['name', 'company:name', 'passport:number'])('accepts the column path %s', path => {
    expect(() => validateField(owners, path)).not.toThrow();
  });

  it('raises a MissingFieldError for an unknown name', () => {
    expect(() => validateField(owners, 'nope')).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        name: 'MissingFieldError',
        message:
          "The 'owners.nope' field was not found. Available fields are: " +
          "['id', 'name', 'company', 'passport', 'products']. Please check if the field name is correct.",
      }),
    );
  });

  it('raises a MissingFieldError for an unknown name behind a relation', () => {
    expect(() => validateField(owners, 'company:nope')).toThrow(
      "The 'companies.nope' field was not found. Available fields are: ['id', 'name']. " +
        'Please check if the field name is correct.',
    );
  });

  it('rejects a to-one relation where a column is expected', () => {
    expect(() => validateField(owners, 'company')).toThrow(
      "Unexpected field type: 'owners.company' (found 'ManyToOne' expected 'Column')",
    );
  });

  it('rejects a to-many relation where a column is expected', () => {
    expect(() => validateField(owners, 'products')).toThrow(
      "Unexpected field type: 'owners.products' (found 'OneToMany' expected 'Column')",
    );
  });

  it('raises a MissingRelationError listing to-one relations for an unknown prefix', () => {
    expect(() => validateField(owners, 'nope:name')).toThrow(
      expect.objectContaining({
        name: 'MissingRelationError',
        message:
          "The 'owners.nope' relation was not found. Available relations are: " +
          "['company', 'passport']. Please check if the relation name is correct.",
      }),
    );
  });

  it('rejects a to-many relation in a path', () => {
    expect(() => validateField(owners, 'products:name')).toThrow(
      "Unexpected field type: 'owners.products' (found 'OneToMany' expected 'ManyToOne' or 'OneToOne')",
    );
  });

  it('rejects a column used as a path prefix', () => {
    expect(() => validateField(owners, 'name:first')).toThrow(
      "Unexpected field type: 'owners.name' (found 'Column' expected 'ManyToOne' or 'OneToOne')",
    );
  });
});

describe('validateValue', () => {
  it.each<[ColumnType, unknown]>([
    ['Boolean', true],
    ['Binary', Buffer.from('hi')],
    ['Date', '2024-01-31T10:00:00Z'],
    ['Date', '2024-01-31'],
    ['Date', new Date('2024-01-31')],
    ['Dateonly', '2024-01-31'],
    ['File', 'data:text/plain;base64,aGk='],
    ['Json', { any: ['thing'] }],
    ['Number', 12],
    ['Number', '12'],
    ['Number', '12.5'],
    ['Point', '1,2'],
    ['String', 'abc'],
    ['Time', '10:00'],
    ['Timeonly', '10:00:00'],
    ['Uuid', '2d7c5e6a-1b3f-4c8e-9a0d-7f6e5d4c3b2a'],
    ['Number', null],
    ['String', undefined],
    [['String'], ['a', 'b']],
    [{ width: 'Number' }, { width: 3 }],
    [[{ text: 'String' }], [{ text: 'x' }, null]],
    [{ size: { type: 'Enum', enumValues: ['S', 'M'] } }, { size: 'M' }],
  ])('accepts a valid %j value (%p)', (columnType, value) => {
    expect(() => validateValue('field', col(columnType), value)).not.toThrow();
  });

  it.each<[ColumnType, unknown, string]>([
    [['String'], 42, 'The given value has a wrong type for "field": 42.\n Expects an array'],
    [{ width: 'Number' }, 'flat', '"field": flat.\n Expects an object'],
    [[{ text: 'String' }], [{ text: { a: 1 } }], '"field.0.text": {"a":1}.\n Expects "String"'],
    [{ size: { type: 'Enum', enumValues: ['S'] } }, { size: 'XL' }, 'The given enum value(s) XL'],
  ])('refuses a composite %j value of the wrong shape (%p)', (columnType, value, message) => {
    expect(() => validateValue('field', col(columnType), value)).toThrow(message);
  });

  it.each<[ColumnType, unknown, string]>([
    ['Number', 'abc', 'abc.\n Expects "Number",null'],
    ['Number', Number.NaN, 'NaN.\n Expects "Number",null'],
    ['String', 12, '12.\n Expects "String",null'],
    ['String', { a: 1 }, '{"a":1}.\n Expects "String",null'],
    ['Boolean', 'true', 'true.\n Expects "Boolean",null'],
    ['Dateonly', '2024-01-31T10:00:00Z', '2024-01-31T10:00:00Z.\n Expects "Dateonly",null'],
    ['Date', 1706695200000, '1706695200000.\n Expects "Date",null'],
    ['Uuid', 'not-a-uuid', 'not-a-uuid.\n Expects "Uuid",null'],
    ['Timeonly', '25:00', '25:00.\n Expects "Timeonly","Time",null'],
    ['Point', [1, 2, 3], '[1,2,3].\n Expects "Point",null'],
    ['Binary', 'aGk=', 'aGk=.\n Expects "Binary",null'],
  ])('rejects a wrong %s value (%p)', (columnType, value, tail) => {
    expect(() => validateValue('field', col(columnType), value)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: `The given value has a wrong type for "field": ${tail}`,
      }),
    );
  });

  it('checks against the given allowed types instead of the column type', () => {
    expect(() => validateValue('price', col('Number'), null, ['Number'])).toThrow(
      'The given value has a wrong type for "price": null.\n Expects "Number"',
    );
  });

  it('accepts a listed enum value', () => {
    expect(() => validateValue('status', col('Enum', ['draft', 'live']), 'live')).not.toThrow();
  });

  it('rejects an enum value that is not listed', () => {
    expect(() => validateValue('status', col('Enum', ['draft', 'live']), 'archived')).toThrow(
      'The given enum value(s) archived is not listed in [draft,live]',
    );
  });

  it('rejects any enum value when the column lists none', () => {
    expect(() => validateValue('status', col('Enum'), 'draft')).toThrow(
      'The given enum value(s) draft is not listed in []',
    );
  });
});

describe('validateFieldName', () => {
  it('accepts a name without spaces', () => {
    expect(() => validateFieldName('books', 'fullTitle')).not.toThrow();
  });

  it.each([
    ['full title', 'fullTitle'],
    ['First Name', 'firstName'],
    ['MY  FIELD', 'myField'],
    ['price\tin-euros', 'priceInEuros'],
  ])('rejects %j and suggests %j', (name, suggestion) => {
    expect(() => validateFieldName('books', name)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message:
          `The name of field '${name}' you configured on 'books' must not contain space. ` +
          `Something like '${suggestion}' should work has expected.`,
      }),
    );
  });
});
