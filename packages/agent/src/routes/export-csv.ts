import type { Caller, Collection, ConditionTree, RecordData } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { AgentServices } from '../http/agent-services';
import { exportRecords } from '../csv/export-records';
import { csvResponseHeaders } from '../csv/csv-response-headers';
import { parseCsvRequest } from '../csv/parse-csv-request';
import { writeCsv } from '../csv/write-csv';
import { parsePage } from '../query/parse-page';
import { parseCsvProjection } from '../query/parse-projection';
import { parseSort } from '../query/parse-sort';
import { readableRelations } from './readable-relations';
import type { ReadableRelations } from './readable-relations';
import { buildScopedFilter } from './scoped-filter';

/**
 * Streams a CSV export (spec §11) of a collection's records, restricted by `extraTree` for
 * related exports: the header is checked before any byte is sent, then records are fetched page
 * by page (`exportPageSize`) and written as they come, so memory does not grow with the rows.
 * Embedded to-one relations are exported as the caller may read them (`readableRelations`).
 *
 * @example
 * ```ts
 * await exportCsv(services, request, response, caller, books);
 * ```
 */
export async function exportCsv(
  services: AgentServices,
  request: Request,
  response: Response,
  caller: Caller,
  collection: Collection,
  extraTree?: ConditionTree,
): Promise<void> {
  const { header, filename } = parseCsvRequest(request.query);
  parsePage(request.query); // Parsed (and validated) but ignored, as the protocol says.
  const projection = parseCsvProjection(request.query, request.headers, collection);
  const readable = await readableRelations(services, caller, collection, projection);
  const sort = parseSort(request.query, collection);
  const filter = await buildScopedFilter(services, caller, collection, request.query, {
    extraTree,
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
        limit: services.options.limitExportSize,
      }),
    ),
  );
  response.end();
}

async function* readablePages(
  readable: ReadableRelations,
  pages: AsyncIterable<RecordData[]>,
): AsyncGenerator<RecordData[]> {
  for await (const records of pages) yield await readable.apply(records);
}
