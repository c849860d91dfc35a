import { Page, PaginatedFilter, Sort, ValidationError } from '@grove/datasource-toolkit';
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
 * @throws ValidationError when `pageSize` is not a positive integer; the errors of `list`.
 *
 * @example
 * ```ts
 * const pages = exportRecords({ collection: books, caller, filter, sort, projection, pageSize: 1000 });
 * for await (const records of pages) console.log(records.length);
 * ```
 */
export async function* exportRecords(options: ExportRecordsOptions): AsyncGenerator<RecordData[]> {
  const { collection, caller, filter, projection, pageSize, limit } = options;
  if (!Number.isInteger(pageSize) || pageSize <= 0) {
    throw new ValidationError(`The export page size must be a positive integer, got ${pageSize}`);
  }
  const sort = stableSort(collection, options.sort);

  for (let read = 0; ;) {
    const size = limit === undefined ? pageSize : Math.min(pageSize, limit - read);
    if (size <= 0) return;

    const page = new Page(read, size);
    const records = await collection.list(
      caller,
      new PaginatedFilter({ ...filter.components, sort, page }),
      projection,
    );
    if (records.length) yield records;
    read += records.length;
    if (records.length < size) return;
  }
}

function stableSort(collection: Collection, sort: Sort | undefined): Sort {
  if (!sort?.length) return Sort.byPrimaryKeys(collection);
  const sorted = new Set(sort.clauses.map(({ field }) => field));
  const tiebreakers = Sort.byPrimaryKeys(collection).clauses.filter(
    ({ field }) => !sorted.has(field),
  );

  return new Sort(...sort.clauses, ...tiebreakers);
}
