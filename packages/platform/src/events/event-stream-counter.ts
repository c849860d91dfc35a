/** Counters of the event streams of one environment, or of all of them. */
export interface EventStreamStats {
  /** Streams open right now. */
  readonly open: number;
  /** Streams opened since the platform started (a reconnect storm shows here). */
  readonly opened: number;
}

/** Counts the agents' event streams held by this process, per environment. */
export interface EventStreamCounter {
  opened(environmentId: number): void;
  closed(environmentId: number): void;
  /** The counters of one environment, or of every environment when no id is given. */
  stats(environmentId?: number): EventStreamStats;
}

/**
 * A counter of the event streams this platform process holds (with Redis, each process counts
 * its own). The sandbox shows it to tests; it tells whether an agent is connected.
 *
 * @example
 * ```ts
 * const streams = createEventStreamCounter();
 * streams.opened(1);
 * streams.stats(1); // { open: 1, opened: 1 }
 * ```
 */
export function createEventStreamCounter(): EventStreamCounter {
  const open = new Map<number, number>();
  const opened = new Map<number, number>();
  const sum = (counts: Map<number, number>, environmentId?: number) =>
    environmentId === undefined
      ? [...counts.values()].reduce((total, count) => total + count, 0)
      : (counts.get(environmentId) ?? 0);

  return {
    opened(environmentId) {
      open.set(environmentId, sum(open, environmentId) + 1);
      opened.set(environmentId, sum(opened, environmentId) + 1);
    },
    closed(environmentId) {
      open.set(environmentId, Math.max(0, sum(open, environmentId) - 1));
    },
    stats: environmentId => ({
      open: sum(open, environmentId),
      opened: sum(opened, environmentId),
    }),
  };
}
