import type { PlatformEventBus } from '../../src';

/**
 * Instruments a platform's own event bus to count its listeners (one per open event stream):
 * returns the counter. Call it before the streams open.
 */
export function countListeners(bus: PlatformEventBus): () => number {
  let active = 0;
  const subscribe = bus.subscribe.bind(bus);
  (bus as { subscribe: PlatformEventBus['subscribe'] }).subscribe = listener => {
    active += 1;
    const stop = subscribe(listener);
    let stopped = false;

    return () => {
      if (!stopped) active -= 1;
      stopped = true;
      stop();
    };
  };

  return () => active;
}

/** Polls a condition (every 10 ms) until it holds; the test's timeout bounds the wait. */
export async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise(resolve => setTimeout(resolve, 10));
}
