import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type {
  TCollectionName,
  TFieldName,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';
import type { TConditionTree } from '../../typings/condition-tree-typing';
import type { SearchCustomizationContext } from './search-customization-context';

/** Options of the default search engine (see `generateSearchFilter`). */
export interface SearchOptions<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  /** Also search the columns of first-level to-one relations (`author:name`). */
  readonly extended?: boolean;
  /** Fields searched in addition to the defaults (relation paths allowed). */
  readonly includeFields?: ReadonlyArray<TFieldName<S, N>>;
  /** Fields never searched. */
  readonly excludeFields?: ReadonlyArray<TFieldName<S, N>>;
  /** The only fields searched (replaces the defaults). */
  readonly onlyFields?: ReadonlyArray<TFieldName<S, N>>;
}

/** What a search replacer returns: a tree, or nothing to restrict nothing. */
export type SearchReplacement<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = TConditionTree<S, N> | PlainConditionTree | null | undefined;

/**
 * Replaces the search of a collection: receives the text typed by the user, whether the search
 * is extended (to the related records) and a context whose `generateSearchFilter` runs the
 * default engine; returns the condition tree records must match.
 *
 * @example
 * ```ts
 * const searchByIsbnOrDefault: SearchReplacer = (search, extended, context) =>
 *   /^\d{13}$/.test(search)
 *     ? { field: 'isbn', operator: 'Equal', value: search }
 *     : context.generateSearchFilter(search, { extended, excludeFields: ['isbn'] });
 * ```
 */
export type SearchReplacer<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (
  searchString: string,
  extended: boolean,
  context: SearchCustomizationContext<S, N>,
) => SearchReplacement<S, N> | Promise<SearchReplacement<S, N>>;
