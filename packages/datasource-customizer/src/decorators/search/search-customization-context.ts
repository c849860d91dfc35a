import type { Caller, Collection, PlainConditionTree } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import { buildSearchTree } from './build-search-tree';
import type { SearchOptions } from './search-definition';

/**
 * The context of a search replacer: a collection context (bound to the search layer) that can
 * also run the default search engine.
 *
 * @example
 * ```ts
 * collection.replaceSearch((search, extended, context) =>
 *   context.generateSearchFilter(search, { extended, onlyFields: ['title', 'author:name'] }),
 * );
 * ```
 */
export class SearchCustomizationContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  private readonly searchedCollection: Collection;

  constructor(collection: Collection, caller: Caller) {
    super(collection, caller);
    this.searchedCollection = collection;
  }

  /**
   * Runs Grove's default search on `searchText` and returns its condition tree as plain JSON
   * (`null` when the text restricts nothing).
   */
  generateSearchFilter(
    searchText: string,
    options: SearchOptions<S, N> = {},
  ): PlainConditionTree | null {
    const tree = buildSearchTree(
      this.searchedCollection,
      searchText,
      options as SearchOptions,
      this.caller.timezone,
    );

    return tree ? tree.toJSON() : null;
  }
}
