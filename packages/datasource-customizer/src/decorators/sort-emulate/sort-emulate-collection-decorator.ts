import {
  ConditionTreeFactory,
  GroveError,
  PaginatedFilter,
  Sort,
  ValidationError,
  getPrimaryKey,
  isGroveError,
  isToOne,
  packId,
  validateField,
  validateSort,
  type Caller,
  type CollectionSchema,
  type Projection,
  type RecordData,
  type SortClause,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import type { SortDefinition } from './sort-definition';

/**
 * Makes columns sortable: by sorting by other clauses instead (`replaceFieldSorting`) or in
 * memory (`emulateFieldSorting`: every matching record is listed with the sorted fields, sorted
 * and paged in memory, then the page is read by id). `disableFieldSorting` only changes the
 * exported `isSortable` flag. Clauses on relation paths are resolved by the related collection's
 * layer.
 *
 * @example
 * ```ts
 * const layer = new DataSourceDecorator(dataSource, SortEmulateCollectionDecorator);
 * layer.getCollection('books').emulateFieldSorting('title');
 * layer.getCollection('books').replaceFieldSorting('writer', [{ field: 'author:lastName', ascending: true }]);
 * ```
 */
export class SortEmulateCollectionDecorator extends CollectionDecorator {
  /** Per field: the clauses it is replaced by, or `null` when sorted in memory. */
  private readonly sorts = new Map<string, readonly SortClause[] | null>();
  private readonly sortable = new Map<string, boolean>();

  /** Sorts by the field in memory. */
  emulateFieldSorting(name: string): void {
    this.replaceFieldSorting(name, null);
  }

  /** Sorts by other clauses instead of the field (`null`: sorts in memory). */
  replaceFieldSorting(name: string, clauses: SortDefinition): void {
    this.checkField(name);
    if (clauses !== null && clauses !== undefined) {
      if (!Array.isArray(clauses) || clauses.length === 0) {
        throw new ValidationError(
          `Cannot replace the sorting of '${this.name}.${name}': expected a non-empty array of { field, ascending } clauses`,
        );
      }
      try {
        validateSort(clauses, this);
      } catch (error) {
        throw this.contextualize(name, error);
      }
    }

    this.sorts.set(
      name,
      clauses ? clauses.map(({ field, ascending }) => ({ field, ascending })) : null,
    );
    this.sortable.set(name, true);
    this.markSchemaAsDirty();
  }

  /** Marks the field as not sortable in the exported schema (internal sorts still work). */
  disableFieldSorting(name: string): void {
    this.checkField(name);
    this.sortable.set(name, false);
    this.markSchemaAsDirty();
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    const refined = await this.refineFilter(caller, filter);
    if (!refined.sort) return this.child.list(caller, refined, projection);

    const sort = refined.sort.replaceClauses(clause => this.rewriteClause(clause, []));
    const sorted = refined.override({ sort });
    if (!sort.clauses.some(({ field }) => this.isEmulated(field))) {
      return this.child.list(caller, sorted, projection);
    }

    return this.listSortedInMemory(caller, sorted, sort, projection);
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, isSortable] of this.sortable) {
      const field = schema.fields[name];
      if (field?.type === 'Column') field.isSortable = isSortable;
    }

    return schema;
  }

  private checkField(name: string): void {
    if (name.includes(':')) {
      throw new ValidationError(
        `Cannot change the sorting of '${this.name}.${name}': only columns of the collection itself ` +
          `can be changed; change the sorting of the field on the related collection instead`,
      );
    }
    validateField(this.child, name);
  }

  /** The same layer of the collection a to-one relation points to. */
  private foreignLayer(relationName: string): SortEmulateCollectionDecorator | null {
    const relation = this.schema.fields[relationName];
    if (!isToOne(relation)) return null;
    const foreign = this.dataSource.getCollection(relation.foreignCollection);

    return foreign instanceof SortEmulateCollectionDecorator ? foreign : null;
  }

  private isEmulated(path: string): boolean {
    const index = path.indexOf(':');
    if (index === -1) return this.sorts.has(path) && this.sorts.get(path) === null;

    return (
      this.foreignLayer(path.substring(0, index))?.isEmulated(path.substring(index + 1)) ?? false
    );
  }

  private rewriteClause(clause: SortClause, stack: readonly string[]): SortClause[] {
    const index = clause.field.indexOf(':');
    if (index !== -1) {
      const prefix = clause.field.substring(0, index);
      const foreign = this.foreignLayer(prefix);
      if (!foreign) return [clause];
      const subClause = { field: clause.field.substring(index + 1), ascending: clause.ascending };

      return new Sort(...foreign.rewriteClause(subClause, stack)).nest(prefix).toJSON();
    }

    const replacement = this.sorts.get(clause.field);
    if (!replacement) return [clause];
    const step = `${this.name}.${clause.field}`;
    if (stack.includes(step)) {
      throw new ValidationError(`Sort replacement cycle: ${[...stack, step].join(' -> ')}`);
    }
    const clauses = clause.ascending ? replacement : new Sort(...replacement).inverse().clauses;

    return clauses.flatMap(replaced => this.rewriteClause(replaced, [...stack, step]));
  }

  private async listSortedInMemory(
    caller: Caller,
    filter: PaginatedFilter,
    sort: Sort,
    projection: Projection,
  ): Promise<RecordData[]> {
    const candidates = await this.child.list(
      caller,
      filter.override({ sort: null, page: null }),
      sort.projection.withPks(this),
    );
    const sorted = sort.apply(candidates);
    const page = filter.page ? filter.page.apply(sorted) : sorted;
    if (page.length === 0) return [];

    const records = await this.child.list(
      caller,
      new PaginatedFilter({ conditionTree: ConditionTreeFactory.matchRecords(this.schema, page) }),
      projection.withPks(this),
    );
    const byId = new Map(records.map(record => [this.idOf(record), record]));
    const ordered = page.flatMap(record => {
      const found = byId.get(this.idOf(record));

      return found ? [found] : [];
    });

    return projection.apply(ordered);
  }

  private idOf(record: RecordData): string {
    return packId(getPrimaryKey(this.schema, record));
  }

  private contextualize(name: string, error: unknown): unknown {
    if (!isGroveError(error)) return error;

    return new GroveError(
      error.code,
      `Cannot replace the sorting of '${this.name}.${name}': ${error.message}`,
      { name: error.name, ...(error.data ? { data: error.data } : {}), cause: error },
    );
  }
}
