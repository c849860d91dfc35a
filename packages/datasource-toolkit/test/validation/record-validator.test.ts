import { describe, expect, it } from '@jest/globals';
import { validateRecord } from '../../src/validation/record-validator';
import { makeBooksSchema } from '../helpers/books-schema';
import { makeStore } from './store-fixture';

describe('validateRecord', () => {
  const { products, owners } = makeStore();

  it('accepts a record of well-typed columns', () => {
    expect(() =>
      validateRecord(products, {
        name: 'Lamp',
        price: '12.5',
        status: 'live',
        createdAt: '2024-01-31',
      }),
    ).not.toThrow();
  });

  it('accepts nested to-one records, validated recursively', () => {
    expect(() =>
      validateRecord(products, { name: 'Lamp', owner: { name: 'Ada', company: { name: 'Acme' } } }),
    ).not.toThrow();
    expect(() => validateRecord(owners, { passport: { number: 'X1' } })).not.toThrow();
  });

  it.each([null, undefined, {}])('rejects an empty record (%p)', record => {
    expect(() => validateRecord(products, record)).toThrow(
      expect.objectContaining({ code: 'ValidationError', message: 'The record data is empty' }),
    );
  });

  it('rejects a null nested record as empty', () => {
    expect(() => validateRecord(products, { owner: null })).toThrow('The record data is empty');
  });

  it('rejects an empty nested record', () => {
    expect(() => validateRecord(products, { owner: { company: {} } })).toThrow(
      'The record data is empty',
    );
  });

  it.each([
    ['a string', 'Lamp', 'Lamp'],
    ['an array', [{ name: 'Lamp' }], '[{"name":"Lamp"}]'],
  ])('rejects %s instead of a record', (_case, record, shown) => {
    expect(() => validateRecord(products, record)).toThrow(
      `The record data must be an object, got ${shown} on 'products'`,
    );
  });

  it('rejects an id where a nested record is expected', () => {
    expect(() => validateRecord(products, { owner: 3 })).toThrow(
      "The record data must be an object, got 3 on 'owners'",
    );
  });

  it('raises a MissingFieldError for an unknown key', () => {
    expect(() => validateRecord(owners, { nickname: 'Ada' })).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message:
          "The 'owners.nickname' field was not found. Available fields are: " +
          "['id', 'name', 'company', 'passport', 'products']. Please check if the field name is correct.",
      }),
    );
  });

  it('raises a MissingFieldError for an unknown key of a nested record', () => {
    expect(() => validateRecord(owners, { company: { nope: 1 } })).toThrow(
      "The 'companies.nope' field was not found. Available fields are: ['id', 'name']. " +
        'Please check if the field name is correct.',
    );
  });

  it('rejects a wrongly typed column value', () => {
    expect(() => validateRecord(products, { price: 'cheap' })).toThrow(
      'The given value has a wrong type for "price": cheap.\n Expects "Number",null',
    );
  });

  it('rejects a wrongly typed column value of a nested record', () => {
    expect(() => validateRecord(products, { owner: { name: 12 } })).toThrow(
      'The given value has a wrong type for "name": 12.\n Expects "String",null',
    );
  });

  it('rejects an enum value that is not listed', () => {
    expect(() => validateRecord(products, { status: 'gone' })).toThrow(
      'The given enum value(s) gone is not listed in [draft,live]',
    );
  });

  it('rejects a to-many relation key', () => {
    expect(() => validateRecord(owners, { products: [] })).toThrow(
      "Unexpected schema type 'OneToMany' while traversing record",
    );
  });

  it('rejects a many-to-many relation key', () => {
    const { books } = makeBooksSchema();
    expect(() => validateRecord(books, { title: 'Dune', tags: [{ id: 1 }] })).toThrow(
      "Unexpected schema type 'ManyToMany' while traversing record",
    );
  });

  it('checks the shape of composite columns: an array where the type is an array', () => {
    expect(() => validateRecord(products, { tags: 'not an array', size: 3 })).toThrow(
      'The given value has a wrong type for "tags": not an array.\n Expects an array',
    );
  });
});
