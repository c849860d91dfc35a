import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Sort,
  ValidationError,
} from '@grove/datasource-toolkit';
import type { Caller, Collection, Filter, Projection, RecordData } from '@grove/datasource-toolkit';

/**
 * Options of {@link exportRecords}.
 *
 * @example
 * ```ts
 * const options: ExportRecordsOptions = { collection: books, caller, filter, projection, pageSize: 1000 };
 * ```
 */
export interface ExportRecordsOptions {
  readonly collection: Collection;
  readonly caller: Caller;
  /** Which records: the route's filter (filters, scope, search, segment…). */
  readonly filter: Filter;
  /** The requested order; primary keys ascending when absent or empty. */
  readonly sort?: Sort;
  /** The columns to read (see `parseCsvProjection`). */
  readonly projection: Projection;
  /** Records per `list` call (the agent's `exportPageSize`, 1000 by default). */
  readonly pageSize: number;
  /** The most records to export (the agent's `limitExportSize`); no cap when absent. */
  readonly limit?: number;
}

/**
 * Reads the records of an export page by page (docs/agent-protocol.md#csv-export), so that memory
 * holds one page at a time: `list` calls of `pageSize` records, sorted by the given sort else by
 * primary keys ascending, the primary keys being appended as a tiebreaker so that pages neither
 * skip nor repeat records. Stops on a short page or once `limit` records were read. A page is only
 * read when the consumer asks for it.
 *
 * When the order is the single primary key alone (the default), pages are read by keyset: each
 * page after the first asks for the keys past the last one read (`id > 1000`) instead of
 * skipping rows (`OFFSET`, whose cost grows with every page, quadratic over a big export). The
 * primary key is then read even when the projection omits it. Any other order pages by offset.
 *
 * @throws ValidationError when `pageSize` is not a positive integer; the errors of `list`.
 *
 * @example
 * ```ts
 * const pages = exportRecords({ collection: books, caller, filter, sort, projection, pageSize: 1000 });
 * for await (const records of pages) console.log(records.length);
 * ```
 */
export async function* exportRecords(options: ExportRecordsOptions): AsyncGenerator<RecordData[]> {
  const { collection, caller, filter, pageSize, limit } = options;
  if (!Number.isInteger(pageSize) || pageSize <= 0) {
    throw new ValidationError(`The export page size must be a positive integer, got ${pageSize}`);
  }
  const sort = stableSort(collection, options.sort);
  const keyset = keysetOf(collection, sort);
  const projection = keyset ? options.projection.union([keyset.field]) : options.projection;

  let last: unknown;
  for (let read = 0; ;) {
    const size = limit === undefined ? pageSize : Math.min(pageSize, limit - read);
    if (size <= 0) return;

    // A key read as null (never expected of a primary key) falls back to the offset.
    const paged =
      keyset && read > 0 && last !== null && last !== undefined
        ? {
            conditionTree: ConditionTreeFactory.intersect(
              filter.conditionTree,
              new ConditionTreeLeaf(keyset.field, keyset.operator, last),
            ),
            page: new Page(0, size),
          }
        : { page: new Page(read, size) };
    let records: RecordData[] | null = await collection.list(
      caller,
      // Not `{ ...filter.components, sort, ...paged }`: see docs/style.md#hot-paths.
      new PaginatedFilter(Object.assign(filter.components, { sort }, paged)),
      projection,
    );
    const { length } = records;
    if (keyset) last = records[length - 1]?.[keyset.field];
    if (length) yield records;
    // The consumer is done with the page: not kept alive while the next one is read (a
    // generator keeps its locals across a yield and an await).
    records = null;
    read += length;
    if (length < size) return;
  }
}

/** The keyset of a sort on the single primary key alone, when the collection can filter it. */
function keysetOf(
  collection: Collection,
  sort: Sort,
): { field: string; operator: 'GreaterThan' | 'LessThan' } | null {
  const [clause, ...others] = sort.clauses;
  const pks = Sort.byPrimaryKeys(collection).clauses;
  if (!clause || others.length || pks.length !== 1 || pks[0]?.field !== clause.field) return null;
  const field = collection.schema.fields[clause.field];
  const operator = clause.ascending ? 'GreaterThan' : 'LessThan';
  if (field?.type !== 'Column' || !field.filterOperators?.has(operator)) return null;

  return { field: clause.field, operator };
}

function stableSort(collection: Collection, sort: Sort | undefined): Sort {
  if (!sort?.length) return Sort.byPrimaryKeys(collection);
  const sorted = new Set(sort.clauses.map(({ field }) => field));
  const tiebreakers = Sort.byPrimaryKeys(collection).clauses.filter(
    ({ field }) => !sorted.has(field),
  );

  return new Sort(...sort.clauses, ...tiebreakers);
}
