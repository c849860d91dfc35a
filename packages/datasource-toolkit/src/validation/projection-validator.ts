import type { Collection } from '../interfaces/collection';
import { validateField } from './field-validator';

/**
 * Checks that every path of a projection is a column reachable through to-one relations.
 *
 * @example
 * ```ts
 * validateProjection(new Projection('title', 'author:name'), books); // ok
 * validateProjection(new Projection('author'), books);
 * // throws: Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')
 * ```
 */
export function validateProjection(projection: Iterable<string>, collection: Collection): void {
  for (const path of projection) validateField(collection, path);
}
