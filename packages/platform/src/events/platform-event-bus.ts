/**
 * The events an agent listens to on its event stream (docs/platform-protocol.md#event-stream).
 * `heartbeat` is sent by the stream itself, never published.
 */
export type PlatformEventName =
  'refresh-users' | 'refresh-roles' | 'refresh-renderings' | 'refresh-customizations';

/** An event for the agents of one environment. */
export interface PlatformEvent {
  readonly environmentId: number;
  readonly name: PlatformEventName;
  /** Sent as the SSE `data` (JSON): `{ renderingIds }` for `refresh-renderings`, else `{}`. */
  readonly data: Record<string, unknown>;
}

/** Receives every event published by any platform process of the deployment. */
export type PlatformEventListener = (event: PlatformEvent) => void;

/**
 * Carries refresh events from where an admin changes something to every platform process that
 * holds an agent's event stream: in memory for one process, through Redis for several.
 *
 * @example
 * ```ts
 * const stop = bus.subscribe(event => streams.send(event));
 * await bus.publish({ environmentId: 3, name: 'refresh-roles', data: {} });
 * stop();
 * ```
 */
export interface PlatformEventBus {
  /** Resolves once the event is handed to every process (Redis: once Redis took it). */
  publish(event: PlatformEvent): Promise<void>;
  /** Listens to the events of every environment; returns the function that stops listening. */
  subscribe(listener: PlatformEventListener): () => void;
  close(): Promise<void>;
}
