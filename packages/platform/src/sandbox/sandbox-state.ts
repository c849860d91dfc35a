import type { EventStreamCounter, EventStreamStats } from '../events/event-stream-counter';
import type { StoredSchema } from '../schema/stored-schema';
import type { PermissionOverride } from './permission-override';
import { toSandboxSchema } from './sandbox-schema-view';
import type { SandboxSchema } from './sandbox-schema-view';

/** An activity log posted to a sandbox, as a test reads it back. */
export interface SandboxActivityLog {
  readonly id: string;
  /** The body the agent (or its MCP server) posted, as it was. */
  readonly body: unknown;
  status: string;
}

/**
 * What a sandbox-mode platform keeps in memory next to its database, so that a test reads it
 * synchronously: env secrets of the environments it provisioned, a short view of their schemas,
 * the raw permission overrides (their rights are rows in the database), the bodies of the
 * activity logs, and the requests no route answered. It also serializes the sandbox's writes:
 * an in-memory SQLite database has one connection, where two transactions cannot interleave.
 *
 * @example
 * ```ts
 * platform.sandbox?.schema(envSecret); // { collections: [{ name: 'orders', actions: [] }] }
 * ```
 */
export class SandboxState {
  /** `METHOD path` of every request no route answered (a 404), for debugging an agent. */
  readonly unhandledRequests: string[] = [];
  private readonly environmentIds = new Map<string, number>();
  private readonly schemas = new Map<number, SandboxSchema>();
  private readonly overrides = new Map<number, PermissionOverride>();
  private readonly logs: SandboxActivityLog[] = [];
  private readonly logsById = new Map<string, SandboxActivityLog>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    /** Pause after publishing refresh events while streams are open (agents in other processes). */
    readonly refreshSettleMs: number,
    private readonly streams: EventStreamCounter,
  ) {}

  /** Runs `work` after every write queued before it (one at a time). */
  serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);

    return run;
  }

  rememberEnvironment(secret: string, environmentId: number): void {
    this.environmentIds.set(secret, environmentId);
  }

  environmentId(secret: string): number | undefined {
    return this.environmentIds.get(secret);
  }

  recordSchema(environmentId: number, schema: StoredSchema): void {
    this.schemas.set(environmentId, toSandboxSchema(schema));
  }

  /** The short view of the environment's schema, once one was uploaded or registered. */
  schema(secret: string): SandboxSchema | undefined {
    const id = this.environmentId(secret);

    return id === undefined ? undefined : this.schemas.get(id);
  }

  override(environmentId: number): PermissionOverride {
    return this.overrides.get(environmentId) ?? {};
  }

  setOverride(environmentId: number, override: PermissionOverride): void {
    this.overrides.set(environmentId, override);
  }

  /** The override applied to an environment (`{}` for none, or an unknown secret). */
  permissionOverride(secret: string): PermissionOverride {
    const id = this.environmentId(secret);

    return id === undefined ? {} : this.override(id);
  }

  recordActivityLog(id: string, body: unknown, status: string): void {
    const log = { id, body, status };
    this.logs.push(log);
    this.logsById.set(id, log);
  }

  setActivityLogStatus(id: string, status: string): void {
    const log = this.logsById.get(id);
    if (log) log.status = status;
  }

  /** The activity logs posted so far, oldest first (copies). */
  activityLogs(): SandboxActivityLog[] {
    return this.logs.map(log => ({ ...log }));
  }

  /** Counters of the event streams of one environment (by its secret), or of all. */
  eventStreams(secret?: string): EventStreamStats {
    if (secret === undefined) return this.streams.stats();
    const id = this.environmentId(secret);

    return id === undefined ? { open: 0, opened: 0 } : this.streams.stats(id);
  }
}
