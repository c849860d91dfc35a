import type { DataSource } from '@grove/datasource-toolkit';

/** How long retired connections wait for the requests still using them before they close. */
export const drainTimeoutMs = 30_000;

/** The data sources of one build, and the requests using them now. */
interface Generation {
  readonly dataSources: DataSource[];
  users: number;
  /** Called when `users` falls to zero (set while the generation drains). */
  drained?: () => void;
}

/**
 * Tracks the data sources the factories open, so that a (re)build that succeeds retires the
 * previous connections, a build that fails closes its own, and `stop()` closes everything.
 * A data source holding connections exposes `close()` (e.g. `@grove/datasource-sql`).
 *
 * Retired connections close only once the requests that entered before the swap have finished
 * (bounded by {@link drainTimeoutMs}): a restart on a reopened event stream never ends a pool
 * under a running request (docs/decisions.md#d27-lost-database-connections).
 *
 * @example
 * ```ts
 * const dataSource = await connections.build(() => customizer.getDataSource(logger), swap);
 * const leave = connections.enter(); // per request, `leave()` when it ends
 * await connections.closeAll();
 * ```
 */
export class DataSourceConnections {
  /** Filled by the wrapped factories while a build runs. */
  readonly opened: DataSource[] = [];
  private serving: Generation = { dataSources: [], users: 0 };
  private readonly retiring = new Set<Promise<void>>();

  /**
   * Runs a build; on success, `install` puts its result in service in the same step as the
   * connections are swapped (no request can enter the old ones after it), and the previous
   * connections are closed once drained.
   */
  async build<T>(run: () => Promise<T>, install?: (result: T) => void): Promise<T> {
    const before = this.opened.length;
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await closeEach(this.opened.splice(before));
      throw error;
    }
    const fresh = this.opened.splice(before);
    install?.(result);
    if (fresh.length > 0) {
      const previous = this.serving;
      this.serving = { dataSources: fresh, users: 0 };
      const retired = this.retire(previous).finally(() => this.retiring.delete(retired));
      this.retiring.add(retired);
    }

    return result;
  }

  /** Counts one request on the connections serving now; the answer ends it (call it once). */
  enter(): () => void {
    const generation = this.serving;
    generation.users += 1;
    let left = false;

    return () => {
      if (left) return;
      left = true;
      generation.users -= 1;
      if (generation.users === 0) generation.drained?.();
    };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.retiring]);
    await closeEach([...this.serving.dataSources, ...this.opened.splice(0)]);
    this.serving = { dataSources: [], users: 0 };
  }

  private async retire(generation: Generation): Promise<void> {
    if (generation.users > 0) {
      await new Promise<void>(resolve => {
        const timer = setTimeout(resolve, drainTimeoutMs);
        timer.unref();
        generation.drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    await closeEach(generation.dataSources).catch(() => undefined);
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
