import { ValidationError } from '../errors/errors';
import type { Collection } from '../interfaces/collection';
import type { SortClause } from '../query/sort';
import { describeValue } from './describe-value';
import { validateField } from './field-validator';

/**
 * Checks a sort against a collection: each field must be a column reachable through to-one
 * relations and each `ascending` a boolean.
 *
 * @example
 * ```ts
 * validateSort(new Sort({ field: 'author:name', ascending: true }), books); // ok
 * validateSort([{ field: 'title', ascending: 'yes' } as unknown as SortClause], books);
 * // throws: Invalid sort.ascending value: yes
 * ```
 */
export function validateSort(sort: Iterable<SortClause>, collection: Collection): void {
  for (const clause of sort) {
    validateField(collection, clause.field);
    // Clauses are often built from query strings: the type does not guarantee a boolean.
    const ascending: unknown = clause.ascending;
    if (typeof ascending !== 'boolean') {
      throw new ValidationError(`Invalid sort.ascending value: ${describeValue(ascending)}`);
    }
  }
}
