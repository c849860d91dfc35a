import type { RecordData } from '../interfaces/record';

/**
 * The rows of every collection of one in-memory data source. Writers replace a whole array at
 * once, so a write that fails half-way leaves the previous array in place.
 *
 * @example
 * ```ts
 * const store = new InMemoryStore();
 * store.replace('books', [{ id: 1 }]);
 * store.rows('books'); // [{ id: 1 }]
 * ```
 */
export class InMemoryStore {
  private readonly tables = new Map<string, readonly RecordData[]>();

  /** The rows of a collection, in insertion order. Callers must not mutate them. */
  rows(collection: string): readonly RecordData[] {
    return this.tables.get(collection) ?? [];
  }

  /** Replaces every row of a collection. */
  replace(collection: string, rows: readonly RecordData[]): void {
    this.tables.set(collection, rows);
  }
}
