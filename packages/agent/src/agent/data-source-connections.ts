import type { DataSource } from '@grove/datasource-toolkit';

/**
 * Tracks the data sources the factories open, so that a (re)build that succeeds closes the
 * previous connections, a build that fails closes its own, and `stop()` closes everything.
 * A data source holding connections exposes `close()` (e.g. `@grove/datasource-sql`).
 *
 * @example
 * ```ts
 * const dataSource = await connections.build(() => customizer.getDataSource(logger));
 * await connections.closeAll();
 * ```
 */
export class DataSourceConnections {
  /** Filled by the wrapped factories while a build runs. */
  readonly opened: DataSource[] = [];
  private serving: DataSource[] = [];

  async build<T>(run: () => Promise<T>): Promise<T> {
    const before = this.opened.length;
    try {
      const result = await run();
      const fresh = this.opened.splice(before);
      if (fresh.length > 0) {
        await closeEach(this.serving);
        this.serving = fresh;
      }

      return result;
    } catch (error) {
      await closeEach(this.opened.splice(before));
      throw error;
    }
  }

  async closeAll(): Promise<void> {
    await closeEach([...this.serving, ...this.opened.splice(0)]);
    this.serving = [];
  }
}

async function closeEach(dataSources: readonly DataSource[]): Promise<void> {
  await Promise.all(
    dataSources.map(async dataSource => {
      const closable = dataSource as Partial<{ close(): Promise<void> }>;
      if (typeof closable.close === 'function') await closable.close();
    }),
  );
}
