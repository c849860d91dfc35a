import type { PlatformContext } from '../platform-context';

interface Tracker {
  readonly controller: AbortController;
  readonly running: Set<Promise<void>>;
}

const trackers = new WeakMap<PlatformContext, Tracker>();

/**
 * Runs `work` in the background of a platform: its promise is kept until it settles, and when the
 * platform closes the work is told to stop (`signal` aborts: an agent call in flight ends at once)
 * and awaited, before the database closes, so that a run ends recorded rather than cut off.
 *
 * @example
 * ```ts
 * trackWorkflowRun(context, signal => executeWorkflowRun(context, run, signal));
 * ```
 */
export function trackWorkflowRun(
  context: PlatformContext,
  work: (signal: AbortSignal) => Promise<void>,
): void {
  let tracker = trackers.get(context);
  if (!tracker) {
    const created: Tracker = { controller: new AbortController(), running: new Set() };
    trackers.set(context, created);
    context.onClose(async () => {
      created.controller.abort();
      await Promise.allSettled([...created.running]);
    });
    tracker = created;
  }
  const { running, controller } = tracker;
  const promise = work(controller.signal).catch(error => {
    context.logger('Error', 'A workflow run failed unexpectedly', error);
  });
  running.add(promise);
  void promise.finally(() => running.delete(promise));
}
