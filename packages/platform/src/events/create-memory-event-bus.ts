import type { PlatformEvent, PlatformEventBus, PlatformEventListener } from './platform-event-bus';

/**
 * The event bus of a platform that runs as one process: events go straight to its listeners.
 *
 * @example
 * ```ts
 * const bus = createMemoryEventBus();
 * bus.subscribe(event => console.log(event.name));
 * await bus.publish({ environmentId: 1, name: 'refresh-users', data: {} });
 * ```
 */
export function createMemoryEventBus(): PlatformEventBus {
  const listeners = new Set<PlatformEventListener>();

  return {
    async publish(event: PlatformEvent) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);

      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
