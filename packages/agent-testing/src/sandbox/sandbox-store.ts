import { mergePermissionOverride, type PermissionOverride } from './permission-override';
import type { SandboxSchema } from './sandbox-schema';

/** An activity log an agent (or its MCP server) posted to the sandbox. */
export interface SandboxActivityLog {
  readonly id: string;
  readonly body: unknown;
  status: string;
}

/** What the sandbox keeps for one environment (one `forest-secret-key`). */
export interface SandboxEnvironment {
  schema: SandboxSchema | undefined;
  /** The raw schema document last received (uploaded apimap or registered schema file). */
  rawSchema: unknown;
  override: PermissionOverride;
}

/**
 * The sandbox state, one environment per env secret, so that one sandbox serves several agents.
 *
 * @example
 * ```ts
 * const store = new SandboxStore();
 * store.mergeOverride(envSecret, { orders: { collection: { editEnabled: false } } });
 * ```
 */
export class SandboxStore {
  private readonly environments = new Map<string, SandboxEnvironment>();
  /** Activity logs carry a user token, not an env secret: they are kept in one list. */
  readonly activityLogs: SandboxActivityLog[] = [];
  private nextLogId = 1;

  /** The environment of an env secret, created empty on first use. */
  environment(envSecret: string): SandboxEnvironment {
    let environment = this.environments.get(envSecret);
    if (environment === undefined) {
      environment = { schema: undefined, rawSchema: undefined, override: {} };
      this.environments.set(envSecret, environment);
    }

    return environment;
  }

  setSchema(envSecret: string, schema: SandboxSchema, raw: unknown): void {
    const environment = this.environment(envSecret);
    environment.schema = schema;
    environment.rawSchema = raw;
  }

  mergeOverride(envSecret: string, override: PermissionOverride): PermissionOverride {
    const environment = this.environment(envSecret);
    environment.override = mergePermissionOverride(environment.override, override);

    return environment.override;
  }

  clearOverride(envSecret: string): void {
    this.environment(envSecret).override = {};
  }

  addActivityLog(body: unknown): SandboxActivityLog {
    const log: SandboxActivityLog = { id: String(this.nextLogId++), body, status: 'pending' };
    this.activityLogs.push(log);

    return log;
  }

  findActivityLog(id: string): SandboxActivityLog | undefined {
    return this.activityLogs.find(candidate => candidate.id === id);
  }
}
