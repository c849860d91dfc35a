import type { RecordData } from '../interfaces/record';

/**
 * A page of results: skip `skip` records, return at most `limit` (no limit when null or 0).
 *
 * @example
 * ```ts
 * new Page(30, 15).apply(records); // records 31 to 45
 * ```
 */
export class Page {
  readonly skip: number;
  readonly limit: number | null;

  constructor(skip = 0, limit: number | null = null) {
    this.skip = skip;
    this.limit = limit;
  }

  /** Slices records in memory. */
  apply(records: readonly RecordData[]): RecordData[] {
    return records.slice(this.skip, this.limit ? this.skip + this.limit : undefined);
  }
}
