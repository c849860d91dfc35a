import { createPlatform } from '@grove/platform';
import type {
  EventStreamStats,
  PermissionOverride,
  SandboxActivityLog,
  SandboxSchema,
} from '@grove/platform';
import type { SandboxLogger } from './sandbox-context';

/** Options of {@link createForestServerSandbox}. */
export interface ForestServerSandboxOptions {
  /** Host to bind (default `127.0.0.1`). */
  readonly host?: string;
  /** Period of the event-stream heartbeats (default 15 s; the agent expects one within 45 s). */
  readonly heartbeatIntervalMs?: number;
  /** Pause after refresh events before answering an override (default 20 ms). */
  readonly refreshSettleMs?: number;
  /** Receives log lines; unknown routes are logged at `Debug` (default: warnings to stderr). */
  readonly logger?: SandboxLogger;
}

/** A running sandbox of the platform server. */
export interface ForestServerSandbox {
  /** The bound port (the real one when 0 was asked). */
  readonly port: number;
  /** `http://<host>:<port>`: the agent's server URL (`GROVE_SERVER_URL`). */
  readonly url: string;
  /** Counters of the agents' event streams, for one environment or all of them. */
  eventStreams(envSecret?: string): EventStreamStats;
  /** What the sandbox knows of an environment's schema (from an upload or the test client). */
  schema(envSecret: string): SandboxSchema | undefined;
  /** The permission override currently applied to an environment. */
  permissionOverride(envSecret: string): PermissionOverride;
  /** Activity logs posted so far. */
  activityLogs(): readonly SandboxActivityLog[];
  /** `METHOD path` of every request no route answered (a 404), for debugging an agent. */
  readonly unhandledRequests: readonly string[];
  /** Ends the event streams and stops listening. */
  close(): Promise<void>;
  /** Alias of {@link ForestServerSandbox.close}. */
  stop(): Promise<void>;
}

const defaultLogger: SandboxLogger = (level, message) => {
  if (level === 'Warn' || level === 'Error') process.stderr.write(`[grove sandbox] ${message}\n`);
};

/**
 * Starts the Grove platform in sandbox mode on a fresh in-memory database: the same protocol
 * code as a real platform (schema hash check and upload, permissions v4 computed from stored
 * rights, the event stream with heartbeats, IP rules, login discovery, activity logs) with
 * permissive defaults: any env secret provisions its environment, everything is allowed until
 * a test overrides permissions through the test client. Start it before the agent; point the
 * agent's server URL at `sandbox.url`.
 *
 * @param port - the port to listen on; 0 picks a free one (read it back from `sandbox.port`)
 * @example
 * ```ts
 * const sandbox = await createForestServerSandbox(0);
 * process.env.GROVE_SERVER_URL = sandbox.url;
 * // … start the agent, run the tests …
 * await sandbox.close();
 * ```
 */
export async function createForestServerSandbox(
  port: number,
  options: ForestServerSandboxOptions = {},
): Promise<ForestServerSandbox> {
  const host = options.host ?? '127.0.0.1';
  const platform = await createPlatform({
    mode: 'sandbox',
    port,
    host,
    database: { url: 'sqlite::memory:' },
    bootstrap: false,
    logger: options.logger ?? defaultLogger,
    ...(options.heartbeatIntervalMs === undefined
      ? {}
      : { heartbeatIntervalMs: options.heartbeatIntervalMs }),
    ...(options.refreshSettleMs === undefined
      ? {}
      : { sandbox: { refreshSettleMs: options.refreshSettleMs } }),
  });
  const state = platform.sandbox!;
  const close = () => platform.close();

  return {
    port: platform.port!,
    url: platform.url,
    eventStreams: envSecret => state.eventStreams(envSecret),
    schema: envSecret => state.schema(envSecret),
    permissionOverride: envSecret => state.permissionOverride(envSecret),
    activityLogs: () => state.activityLogs(),
    unhandledRequests: state.unhandledRequests,
    close,
    stop: close,
  };
}
