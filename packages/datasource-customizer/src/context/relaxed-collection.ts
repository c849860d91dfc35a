import {
  Aggregation,
  ConditionTreeFactory,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  validateRecord,
  type ActionFormElement,
  type ActionResult,
  type AggregateResult,
  type AggregationComponents,
  type Caller,
  type Collection,
  type CollectionSchema,
  type ConditionTree,
  type PlainConditionTree,
  type RecordData,
  type SortClause,
} from '@grove/datasource-toolkit';

/** A filter written as plain JSON (or with query objects), as customization code writes it. */
export interface PlainFilter {
  readonly conditionTree?: PlainConditionTree | ConditionTree | null;
  readonly search?: string | null;
  readonly searchExtended?: boolean;
  readonly segment?: string | null;
}

/** A paginated filter written as plain JSON. */
export interface PlainPaginatedFilter extends PlainFilter {
  readonly sort?: readonly SortClause[] | Sort | null;
  readonly page?: { readonly skip?: number; readonly limit?: number | null } | Page | null;
}

/** Builds a {@link Filter} from its plain form. */
export function toFilter(filter: PlainFilter | Filter | null | undefined): Filter {
  if (filter instanceof Filter) return filter;

  return new Filter({
    conditionTree: ConditionTreeFactory.fromPlainObject(filter?.conditionTree ?? null),
    search: filter?.search ?? null,
    searchExtended: filter?.searchExtended ?? false,
    segment: filter?.segment ?? null,
  });
}

/** Builds a {@link PaginatedFilter} from its plain form. */
export function toPaginatedFilter(
  filter: PlainPaginatedFilter | PaginatedFilter | null | undefined,
): PaginatedFilter {
  if (filter instanceof PaginatedFilter) return filter;
  const { sort, page } = filter ?? {};

  // Not `{ ...toFilter(filter).components, sort, page }`: see docs/style.md#hot-paths.
  return new PaginatedFilter(
    Object.assign(toFilter(filter).components, {
      sort: sort instanceof Sort ? sort : sort ? new Sort(...sort) : null,
      page:
        page instanceof Page ? page : page ? new Page(page.skip ?? 0, page.limit ?? null) : null,
    }),
  );
}

/**
 * A collection as customization code sees it: the same operations, with the caller injected and
 * plain JSON accepted for filters, projections and aggregations.
 *
 * @example
 * ```ts
 * const paid = await context.dataSource.getCollection('orders').list(
 *   { conditionTree: { field: 'status', operator: 'Equal', value: 'paid' } },
 *   ['id', 'customer:name'],
 * );
 * ```
 */
export class RelaxedCollection {
  constructor(
    private readonly collection: Collection,
    private readonly caller: Caller,
  ) {}

  get name(): string {
    return this.collection.name;
  }

  get schema(): CollectionSchema {
    return this.collection.schema;
  }

  /** The underlying driver object (an ORM model…). */
  get nativeDriver(): unknown {
    return this.collection.nativeDriver;
  }

  list(
    filter: PlainPaginatedFilter | PaginatedFilter,
    projection: Iterable<string>,
  ): Promise<RecordData[]> {
    return this.collection.list(
      this.caller,
      toPaginatedFilter(filter),
      Projection.from(projection),
    );
  }

  create(records: RecordData[]): Promise<RecordData[]> {
    return this.collection.create(this.caller, records);
  }

  /** Creates one record and returns it. */
  async createOne(record: RecordData): Promise<RecordData> {
    const [created] = await this.collection.create(this.caller, [record]);

    return created as RecordData;
  }

  update(filter: PlainFilter | Filter, patch: RecordData): Promise<void> {
    validateRecord(this.collection, patch);

    return this.collection.update(this.caller, toFilter(filter), patch);
  }

  delete(filter: PlainFilter | Filter): Promise<void> {
    return this.collection.delete(this.caller, toFilter(filter));
  }

  aggregate(
    filter: PlainFilter | Filter,
    aggregation: AggregationComponents | Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const query = aggregation instanceof Aggregation ? aggregation : new Aggregation(aggregation);

    return this.collection.aggregate(this.caller, toFilter(filter), query, limit);
  }

  execute(
    name: string,
    formValues: RecordData = {},
    filter?: PlainFilter | Filter,
  ): Promise<ActionResult> {
    return this.collection.execute(this.caller, name, formValues, toFilter(filter));
  }

  getForm(
    name: string,
    formValues?: RecordData,
    filter?: PlainFilter | Filter,
  ): Promise<ActionFormElement[]> {
    return this.collection.getForm(this.caller, name, formValues, toFilter(filter));
  }
}
