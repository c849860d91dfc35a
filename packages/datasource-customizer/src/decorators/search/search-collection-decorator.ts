import {
  ConditionTreeFactory,
  GroveError,
  ValidationError,
  isGroveError,
  validateConditionTree,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  type Filter,
} from '@grove/datasource-toolkit';
import { toConditionTree } from '../../typings/to-condition-tree';
import { CollectionDecorator } from '../collection-decorator';
import { buildSearchTree } from './build-search-tree';
import { SearchCustomizationContext } from './search-customization-context';
import type { SearchReplacer } from './search-definition';

/**
 * Makes every collection searchable. A search reaching this layer becomes a condition tree
 * (Grove's default engine, or the replacer given to `replaceSearch`) ANDed with the filter's,
 * unless the data source searches natively and no replacer was given. A blank search is
 * dropped. `disableSearch()` unpublishes the search; a search reaching the layer afterwards is
 * passed to a natively searchable source and refused otherwise.
 *
 * @example
 * ```ts
 * const layer = new DataSourceDecorator(dataSource, SearchCollectionDecorator);
 * layer.getCollection('books').replaceSearch((search, extended, context) =>
 *   context.generateSearchFilter(search, { extended, excludeFields: ['isbn'] }),
 * );
 * ```
 */
export class SearchCollectionDecorator extends CollectionDecorator {
  private replacer: SearchReplacer | null = null;
  private disabled = false;

  /** Replaces the search by the tree the replacer returns (re-enables a disabled search). */
  replaceSearch(replacer: SearchReplacer): void {
    if (typeof replacer !== 'function') {
      throw new ValidationError(
        `Cannot replace the search of collection '${this.name}': a replacer function is required`,
      );
    }
    this.replacer = replacer;
    this.disabled = false;
    this.markSchemaAsDirty();
  }

  /** Marks the collection as not searchable. */
  disableSearch(): void {
    this.replacer = null;
    this.disabled = true;
    this.markSchemaAsDirty();
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    schema.searchable = !this.disabled;

    return schema;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const { search } = filter;
    if (search === null) return filter;
    if (search.trim() === '') return filter.override({ search: null, searchExtended: false }) as F;

    const native = this.child.schema.searchable;
    if (!this.replacer && native) return filter;
    if (this.disabled) {
      throw new ValidationError(`Collection '${this.name}' is not searchable`);
    }

    const tree = this.replacer
      ? await this.replacedTree(caller, search, filter.searchExtended)
      : buildSearchTree(this, search, { extended: filter.searchExtended }, caller.timezone);

    return filter.override({
      conditionTree: ConditionTreeFactory.intersect(filter.conditionTree, tree),
      search: null,
      searchExtended: false,
    }) as F;
  }

  private async replacedTree(
    caller: Caller,
    search: string,
    extended: boolean,
  ): Promise<ConditionTree | null> {
    const replacer = this.replacer as SearchReplacer;
    const context = new SearchCustomizationContext(this, caller);
    try {
      const tree = toConditionTree(await replacer(search.trim(), extended, context));
      validateConditionTree(tree, this);

      return tree;
    } catch (error) {
      if (!isGroveError(error) || error.code !== 'ValidationError') throw error;
      throw new GroveError(
        error.code,
        `The search replacer of collection '${this.name}' returned an invalid condition tree: ${error.message}`,
        { name: error.name, ...(error.data ? { data: error.data } : {}), cause: error },
      );
    }
  }
}
