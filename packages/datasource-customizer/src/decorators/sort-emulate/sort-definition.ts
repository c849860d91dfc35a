import type {
  TCollectionName,
  TFieldName,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/** A sort clause whose field is checked against the generated `Schema`. */
export interface TSortClause<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly field: TFieldName<S, N>;
  readonly ascending: boolean;
}

/**
 * How to sort by a field: the clauses to sort by instead (written for an ascending sort, inverted
 * for a descending one; they may use relation paths and other replaced or emulated fields), or
 * `null` to sort in memory.
 *
 * @example
 * ```ts
 * // Sorting by `fullName` sorts by last name, then first name.
 * const byFullName: SortDefinition = [
 *   { field: 'lastName', ascending: true },
 *   { field: 'firstName', ascending: true },
 * ];
 * ```
 */
export type SortDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = ReadonlyArray<TSortClause<S, N>> | null;
