import { describe, expect, it } from '@jest/globals';
import { Projection } from '../../src/query/projection';
import { validateProjection } from '../../src/validation/projection-validator';
import { makeStore } from './store-fixture';

describe('validateProjection', () => {
  const { products } = makeStore();

  it('accepts columns and to-one paths', () => {
    expect(() =>
      validateProjection(
        new Projection('id', 'tags', 'owner:name', 'owner:passport:number'),
        products,
      ),
    ).not.toThrow();
  });

  it('raises a MissingFieldError for an unknown path', () => {
    expect(() => validateProjection(new Projection('id', 'owner:nickname'), products)).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message:
          "The 'owners.nickname' field was not found. Available fields are: " +
          "['id', 'name', 'company', 'passport', 'products']. Please check if the field name is correct.",
      }),
    );
  });

  it('rejects a relation used as a column', () => {
    expect(() => validateProjection(['owner'], products)).toThrow(
      "Unexpected field type: 'products.owner' (found 'ManyToOne' expected 'Column')",
    );
  });
});
