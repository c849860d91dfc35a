import type { Caller, Collection, ConditionTree, RecordData } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { AgentServices } from '../http/agent-services';
import { assertExportSize } from '../csv/assert-export-size';
import { exportRecords } from '../csv/export-records';
import { csvResponseHeaders } from '../csv/csv-response-headers';
import { parseCsvRequest } from '../csv/parse-csv-request';
import { writeCsv } from '../csv/write-csv';
import { parseCsvProjection } from '../query/parse-projection';
import { parseSort } from '../query/parse-sort';
import { readableRelations } from './readable-relations';
import type { ReadableRelations } from './readable-relations';
import { buildScopedFilter } from './scoped-filter';

/** What {@link exportCsv} exports, and where to. */
export interface ExportCsvOptions {
  readonly request: Request;
  readonly response: Response;
  readonly caller: Caller;
  readonly collection: Collection;
  /** Restricts the export (the records linked to a parent, for a related export). */
  readonly extraTree?: ConditionTree;
}

/**
 * Streams a CSV export (docs/agent-protocol.md#csv-export) of a collection's records, restricted by
 * `extraTree` for related exports: the header and the size (`maxExportSize`) are checked before any
 * byte is sent, then records are fetched page by page (`exportPageSize`) and written as they come,
 * so memory does not grow with the rows. Embedded to-one relations are exported as the caller may
 * read them (`readableRelations`).
 *
 * @example
 * ```ts
 * await exportCsv(services, { request, response, caller, collection: books });
 * ```
 */
export async function exportCsv(services: AgentServices, options: ExportCsvOptions): Promise<void> {
  const { request, response, caller, collection, extraTree } = options;
  const { header, filename } = parseCsvRequest(request.query);
  const projection = parseCsvProjection(request.query, request.headers, collection);
  const readable = await readableRelations(services, caller, collection, projection);
  const sort = parseSort(request.query, collection);
  // The filter parses (and validates) `page[...]`, which exports then ignore
  // (docs/agent-protocol.md#csv-export).
  const filter = await buildScopedFilter(services, caller, collection, request.query, {
    extraTree,
  });
  const { maxExportSize, limitExportSize } = services.options;
  await assertExportSize({
    collection,
    caller,
    filter,
    projection: readable.projection,
    maxExportSize,
    limitExportSize,
  });

  response.status(200).set(csvResponseHeaders(filename));
  await writeCsv(
    response,
    header,
    [...projection],
    readablePages(
      readable,
      exportRecords({
        collection,
        caller,
        filter,
        sort,
        projection: readable.projection,
        pageSize: services.options.exportPageSize,
        // The cap also bounds an export that grew between the check and the stream.
        limit: Math.min(limitExportSize ?? maxExportSize, maxExportSize),
      }),
    ),
  );
  response.end();
}

async function* readablePages(
  readable: ReadableRelations,
  pages: AsyncIterable<RecordData[]>,
): AsyncGenerator<RecordData[]> {
  const iterator = pages[Symbol.asyncIterator]();
  try {
    for (;;) {
      let page: IteratorResult<RecordData[]> | null = await iterator.next();
      if (page.done) return;
      let records: RecordData[] | null = await readable.apply(page.value);
      page = null;
      yield records;
      // Not kept alive while the next page is read (a generator keeps its locals across a
      // yield and an await).
      records = null;
    }
  } finally {
    await iterator.return?.(undefined);
  }
}
