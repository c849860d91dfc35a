import type { Readable } from 'node:stream';
import type { AgentRecord } from '../jsonapi/deserialize-records';
import type { ListOptions, SelectionOptions } from '../query/list-options';
import { isCsvWritable } from './collection-context';
import type { CsvExportOptions, CsvWritable } from './collection-context';

/** The operations of a collection a segment handle narrows (implemented by `CollectionClient`). */
export interface SegmentTarget {
  list<T = AgentRecord>(options?: ListOptions): Promise<T[]>;
  count(options?: SelectionOptions): Promise<number>;
  exportCsv(options?: CsvExportOptions): Promise<Readable>;
  exportCsv(stream: CsvWritable, options?: CsvExportOptions): Promise<void>;
}

/** What a segment handle adds to every request: a named segment or a live-query segment. */
export type SegmentSelection =
  | { readonly segment: string }
  | { readonly liveQuerySegment: { readonly query: string; readonly connectionName: string } };

/**
 * The records of one segment of a collection: a segment declared in code
 * (`collection.segment('Parisians')`) or a SQL one (`collection.liveQuerySegment({ connectionName,
 * query })`). Options are the collection's; the segment is added to each request.
 *
 * @example
 * ```ts
 * const parisians = await client.collection('customers').segment('Parisians').list();
 * const sql = client.collection('customers').liveQuerySegment({
 *   connectionName: 'main', query: "SELECT id FROM customers WHERE city = 'Lyon'" });
 * expect(await sql.count()).toBe(5);
 * ```
 */
export class SegmentClient {
  constructor(
    private readonly target: SegmentTarget,
    /** The segment added to every request. */
    readonly selection: SegmentSelection,
  ) {}

  /** Lists the records of the segment. */
  list<T = AgentRecord>(options: ListOptions = {}): Promise<T[]> {
    return this.target.list<T>({ ...options, ...this.selection });
  }

  /** Counts the records of the segment. */
  count(options: SelectionOptions = {}): Promise<number> {
    return this.target.count({ ...options, ...this.selection });
  }

  /**
   * Exports the records of the segment as CSV: into `stream` (a file stream, as the vendor's
   * client does), or as a returned Node stream when called with options only.
   */
  exportCsv(options?: CsvExportOptions): Promise<Readable>;
  exportCsv(stream: CsvWritable, options?: CsvExportOptions): Promise<void>;
  exportCsv(
    first?: CsvWritable | CsvExportOptions,
    options: CsvExportOptions = {},
  ): Promise<Readable | void> {
    if (isCsvWritable(first))
      return this.target.exportCsv(first, { ...options, ...this.selection });

    return this.target.exportCsv({ ...first, ...this.selection });
  }
}
