import { ValidationError } from '../errors/errors';
import { Filter, type FilterComponents } from './filter';
import type { Page } from './page';
import type { Sort } from './sort';

/** The parts of a {@link PaginatedFilter}. */
export interface PaginatedFilterComponents extends FilterComponents {
  readonly sort?: Sort | null;
  readonly page?: Page | null;
}

/**
 * A filter with a sort and a page, for `list`.
 *
 * @example
 * ```ts
 * const filter = new PaginatedFilter({
 *   conditionTree: new ConditionTreeLeaf('status', 'Equal', 'paid'),
 *   sort: new Sort({ field: 'createdAt', ascending: false }),
 *   page: new Page(0, 15),
 * });
 * ```
 */
export class PaginatedFilter extends Filter {
  readonly sort: Sort | null;
  readonly page: Page | null;

  constructor(parts: PaginatedFilterComponents = {}) {
    super(parts);
    this.sort = parts.sort ?? null;
    this.page = parts.page ?? null;
  }

  // Not `{ ...super.components, sort, page }` nor `{ ...this.components, ...parts }`: see
  // docs/style.md#hot-paths (each is a fresh object, so assigning to it changes nothing else).
  override get components(): PaginatedFilterComponents {
    return Object.assign(super.components, { sort: this.sort, page: this.page });
  }

  override override(parts: PaginatedFilterComponents): PaginatedFilter {
    return new PaginatedFilter(Object.assign(this.components, parts));
  }

  override nest(prefix: string): PaginatedFilter {
    if (!this.isNestable) throw new ValidationError("Filter can't be nested");

    return this.override({
      conditionTree: this.conditionTree?.nest(prefix) ?? null,
      sort: this.sort?.nest(prefix) ?? null,
    });
  }

  /** The same filter without sort and page. */
  toFilter(): Filter {
    return new Filter(super.components);
  }
}
