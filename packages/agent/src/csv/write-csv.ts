import { getFieldValue } from '@grove/datasource-toolkit';
import type { RecordData } from '@grove/datasource-toolkit';
import { csvLine } from './csv-line';

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
 * only read after `drain`. Nothing is written before the first page has been read, so an error of
 * the first query can still get a JSON error response; if the client goes away, reading stops.
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
  let pending = csvLine(header);
  for await (const records of pages) {
    for (const record of records) {
      pending += csvLine(columns.map(column => getFieldValue(record, column)));
    }
    if (!(await write(output, pending))) return;
    pending = '';
  }
  if (pending !== '' && !(await write(output, pending))) return;
  output.end();
}

/** Writes a chunk; resolves true once it can take more, false when the output closed. */
function write(output: CsvOutput, chunk: string): Promise<boolean> {
  if (output.destroyed) return Promise.resolve(false);
  if (output.write(chunk)) return Promise.resolve(true);

  return new Promise(resolve => {
    const onDrain = (): void => {
      output.removeListener('close', onClose);
      resolve(true);
    };
    const onClose = (): void => {
      output.removeListener('drain', onDrain);
      resolve(false);
    };
    output.once('drain', onDrain);
    output.once('close', onClose);
  });
}
