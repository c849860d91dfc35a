/** How one call of a load ended: its HTTP status, or `unanswered` when no answer came. */
export interface LoadOutcome {
  /** The call's number, unique in its load (the write's key). */
  readonly n: number;
  readonly status: number | 'unanswered';
  /** The `detail` of the first error of an answer other than 200 (what the caller was told). */
  readonly detail?: string;
  /** `Date.now()` when the call was sent and when it was answered. */
  readonly startedAt: number;
  readonly endedAt: number;
}

/** What one call was answered. */
export interface CallAnswer {
  readonly status: number;
  readonly detail?: string;
}

/** A running load and the outcomes so far. */
export interface Load {
  readonly outcomes: readonly LoadOutcome[];
  /** Lets the calls under way end, starts no other, and answers every outcome. */
  stop(): Promise<LoadOutcome[]>;
}

/** Options of {@link startLoad}. */
export interface LoadOptions {
  /** Calls in flight at once. */
  readonly concurrency: number;
  /** Sends call number `n` and answers its status (a rejection counts as `unanswered`). */
  readonly call: (n: number) => Promise<CallAnswer>;
  /** Pause between two calls of one worker (default none). */
  readonly pauseMs?: number;
}

/**
 * `concurrency` workers sending calls back to back (numbered 1, 2, …, across workers) until
 * `stop()`: the load a fault is made under.
 *
 * @example
 * ```ts
 * const load = startLoad({ concurrency: 4, call: n => createOrder(`w-${n}`) });
 * const outcomes = await load.stop();
 * ```
 */
export function startLoad(options: LoadOptions): Load {
  const outcomes: LoadOutcome[] = [];
  let next = 0;
  let stopping = false;
  const worker = async () => {
    while (!stopping) {
      next += 1;
      const n = next;
      const startedAt = Date.now();
      const answer = await options.call(n).catch(() => ({ status: 'unanswered' as const }));
      outcomes.push({ n, ...answer, startedAt, endedAt: Date.now() });
      if (options.pauseMs) await new Promise(resolve => setTimeout(resolve, options.pauseMs));
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);

  return {
    outcomes,
    async stop() {
      stopping = true;
      await Promise.all(workers);

      return [...outcomes].sort((a, b) => a.n - b.n);
    },
  };
}
