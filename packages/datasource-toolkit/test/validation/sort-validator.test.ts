import { describe, expect, it } from '@jest/globals';
import { Sort, type SortClause } from '../../src/query/sort';
import { validateSort } from '../../src/validation/sort-validator';
import { makeStore } from './store-fixture';

describe('validateSort', () => {
  const { products } = makeStore();

  it('accepts a sort on columns and to-one paths', () => {
    const sort = new Sort(
      { field: 'owner:company:name', ascending: true },
      { field: 'price', ascending: false },
    );
    expect(() => validateSort(sort, products)).not.toThrow();
  });

  it('accepts an empty sort', () => {
    expect(() => validateSort(new Sort(), products)).not.toThrow();
  });

  it('raises a MissingFieldError for an unknown field', () => {
    expect(() => validateSort(new Sort({ field: 'nope', ascending: true }), products)).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  it('rejects a relation used as a sort field', () => {
    expect(() => validateSort([{ field: 'owner', ascending: true }], products)).toThrow(
      "Unexpected field type: 'products.owner' (found 'ManyToOne' expected 'Column')",
    );
  });

  it.each([
    ['yes', 'yes'],
    [1, '1'],
    [undefined, 'undefined'],
  ])('rejects a non-boolean ascending %p', (ascending, shown) => {
    const clause = { field: 'price', ascending } as unknown as SortClause;
    expect(() => validateSort([clause], products)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: `Invalid sort.ascending value: ${shown}`,
      }),
    );
  });
});
