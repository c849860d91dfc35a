import { AsyncLocalStorage } from 'node:async_hooks';
import type { RecordData } from '../interfaces/record';

/**
 * The rows of every collection of one in-memory data source, and its transactions. Writers
 * replace a whole array at once, so a write that fails half-way leaves the previous array in
 * place; a transaction snapshots the arrays and puts them back when its work throws.
 *
 * Writes are serialized: a write outside a transaction waits for the running transaction, so a
 * rollback never erases a write made concurrently. Reads never wait (they may see the writes of
 * a transaction that is still running).
 *
 * @example
 * ```ts
 * const store = new InMemoryStore();
 * await store.write(() => store.replace('books', [{ id: 1 }]));
 * store.rows('books'); // [{ id: 1 }]
 * ```
 */
export class InMemoryStore {
  private readonly tables = new Map<string, readonly RecordData[]>();
  /** The transaction of the running async context; `open` turns false when it ends. */
  private readonly current = new AsyncLocalStorage<{ open: boolean }>();
  /** The end of the queue of writers: each waits for the previous one. */
  private tail: Promise<unknown> = Promise.resolve();

  /** The rows of a collection, in insertion order. Callers must not mutate them. */
  rows(collection: string): readonly RecordData[] {
    return this.tables.get(collection) ?? [];
  }

  /** Replaces every row of a collection. */
  replace(collection: string, rows: readonly RecordData[]): void {
    this.tables.set(collection, rows);
  }

  /** Runs one write: inside the current transaction, or alone in the writers' queue. */
  write<T>(work: () => T | Promise<T>): Promise<T> {
    return this.inTransaction() ? Promise.resolve().then(work) : this.transaction(work);
  }

  /**
   * Runs `work` atomically: the writes it makes are undone if it throws. A nested call joins
   * the running transaction.
   */
  async transaction<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    const previous = this.tail;
    let release: () => void = () => undefined;
    this.tail = new Promise<void>(resolve => (release = resolve));
    await previous;
    const snapshot = new Map(this.tables);
    const transaction = { open: true };
    try {
      return await this.current.run(transaction, work);
    } catch (error) {
      this.tables.clear();
      for (const [name, rows] of snapshot) this.tables.set(name, rows);
      throw error;
    } finally {
      // Work left running after the transaction (not awaited) writes on its own from now on.
      transaction.open = false;
      release();
    }
  }

  private inTransaction(): boolean {
    return this.current.getStore()?.open === true;
  }
}
