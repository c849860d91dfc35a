import { getFieldValue } from '@grove/datasource-toolkit';
import type { RecordData } from '@grove/datasource-toolkit';
import { csvCell, csvLine } from './csv-line';

/**
 * What {@link writeCsv} writes to: an Express `Response`, or any Node writable stream.
 *
 * @example
 * ```ts
 * const output: CsvOutput = response;
 * ```
 */
export interface CsvOutput {
  write(chunk: string): boolean;
  end(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed?: boolean;
}

/**
 * Streams a CSV export (docs/agent-protocol.md#csv-export): the header line, then one line per
 * record, each page written as one chunk, then ends the output. Values are read by column path
 * (`author:lastName`). Backpressure is honoured: when a write fills the buffer, the next page is
 * only read after `drain`; while the output takes every chunk at once, the next page is read while
 * the current one is formatted (one page ahead at most). Nothing is written before the first page
 * has been read, so an error of the first query can still get a JSON error response; if the client
 * goes away, reading stops.
 *
 * @param output - The response (its headers set, see `csvResponseHeaders`).
 * @param header - The labels of the first line (see `parseCsvRequest`).
 * @param columns - The column paths, in order (see `parseCsvProjection`).
 * @param pages - The records (see `exportRecords`).
 *
 * @example
 * ```ts
 * response.set(csvResponseHeaders(filename));
 * await writeCsv(response, header, projection.paths, exportRecords({ …, pageSize: 1000 }));
 * ```
 */
export async function writeCsv(
  output: CsvOutput,
  header: readonly string[],
  columns: readonly string[],
  pages: AsyncIterable<RecordData[]>,
): Promise<void> {
  // Read once per export, not per cell: how to reach each column's value.
  const readers = columns.map(fieldReader);
  const iterator = pages[Symbol.asyncIterator]();
  let pending = csvLine(header);
  let next: Promise<IteratorResult<RecordData[]>> | null = iterator.next();
  let state: WriteState = 'drained';
  let finished = false;
  try {
    while (next) {
      let page: IteratorResult<RecordData[]> | null = await next;
      next = null;
      if (page.done) {
        finished = true;
        break;
      }
      // While the output takes every chunk at once, the next page is read while this one is
      // formatted (the database works as the agent formats); after a full buffer, only once
      // it has drained.
      if (state === 'flowing') next = iterator.next();
      pending += csvRows(readers, page.value);
      // Formatted: the records are garbage from here on, not kept alive while the output drains
      // (an async function keeps its locals across an await).
      page = null;
      state = await write(output, pending);
      if (state === 'closed') return;
      pending = '';
      next ??= iterator.next();
    }
  } finally {
    if (!finished) {
      // Stopped early: a page being read is dropped (its error is not the export's), and the
      // source closed.
      next?.catch(() => undefined);
      await iterator.return?.(undefined);
    }
  }
  if (pending !== '' && (await write(output, pending)) === 'closed') return;
  output.end();
}

function csvRows(readers: readonly FieldReader[], records: readonly RecordData[]): string {
  let text = '';
  for (const record of records) text += csvRow(readers, record);

  return text;
}

function csvRow(readers: readonly FieldReader[], record: RecordData): string {
  let line = '';
  for (let i = 0; i < readers.length; i += 1) {
    if (i > 0) line += ',';
    line += csvCell((readers[i] as FieldReader)(record));
  }

  return `${line}\n`;
}

type FieldReader = (record: RecordData) => unknown;

/** Reads a column of a record: a direct property, else the path through to-one relations. */
function fieldReader(column: string): FieldReader {
  return column.includes(':') ? record => getFieldValue(record, column) : record => record[column];
}

/** How a write left the output: taking more at once, taking more after `drain`, or closed. */
type WriteState = 'flowing' | 'drained' | 'closed';

/** Writes a chunk; resolves once the output can take more (or closed). */
function write(output: CsvOutput, chunk: string): Promise<WriteState> {
  if (output.destroyed) return Promise.resolve('closed');
  if (output.write(chunk)) return Promise.resolve('flowing');

  return new Promise(resolve => {
    const onDrain = (): void => {
      output.removeListener('close', onClose);
      resolve('drained');
    };
    const onClose = (): void => {
      output.removeListener('drain', onDrain);
      resolve('closed');
    };
    output.once('drain', onDrain);
    output.once('close', onClose);
  });
}
