import type { ApprovalRequestAuth, ApprovalRequestInput } from './approvals/approval-requests';
import type { Logger } from '@grove/datasource-toolkit';
import type {
  ActivityLogAuth,
  ActivityLogEntry,
  ActivityLogHandle,
} from './activity/activity-logs';
import type {
  AgentActivityLogEntry,
  AgentActivityLogStatusOutcome,
  AgentActivityLogStatusUpdate,
} from './activity/agent-activity-logs';
import type { OidcLogin } from './auth/oidc-login';
import type { PermissionService } from './permissions/permission-service';
import type {
  EnvironmentPermissions,
  PlatformUser,
  RenderingPermissions,
} from './permissions/permission-types';
import type { IpWhitelist } from './schema/ip-whitelist';

/** Options of `createPlatformClient`. */
export interface PlatformClientOptions {
  /** The platform's URL, e.g. `https://api.grove.dev`. */
  readonly serverUrl: string;
  /** The environment secret (sent as `forest-secret-key`, never logged). */
  readonly envSecret: string;
  /** Per-request timeout (default 10 000 ms; the schema upload always gets 30 000 ms). */
  readonly timeoutMs?: number;
  /**
   * Timeout of the calls a write waits for, its pending activity log (default 2 000 ms): a
   * platform that accepts and does not answer refuses writes fast rather than queueing them
   * (docs/platform-protocol.md#timeouts-and-retries).
   */
  readonly writeTimeoutMs?: number;
  /** Longest wait for a new connection to the platform (default 1 000 ms). */
  readonly connectTimeoutMs?: number;
  /** Attempts of a call that got no answer and is safe to send again (default 3; 1: none). */
  readonly attempts?: number;
  /** Pause before the second attempt, doubled before each next one (default 100 ms). */
  readonly retryDelayMs?: number;
  readonly logger?: Logger;
  /** How long permissions stay cached (default 900 s); events drop them sooner. */
  readonly permissionsCacheTtlSeconds?: number;
  /** A `fetch` implementation (default: Node's global `fetch`). */
  readonly fetch?: typeof fetch;
  /** Reconnection and heartbeat settings of the event stream. */
  readonly eventStream?: {
    readonly initialDelayMs?: number;
    readonly maxDelayMs?: number;
    readonly heartbeatTimeoutMs?: number;
    readonly openTimeoutMs?: number;
  };
}

/** What `subscribeToEvents` accepts. */
export interface EventSubscriptionOptions {
  /** Runs on `refresh-customizations` and when the stream reopens (the agent restarts). */
  readonly onRefreshCustomizations?: () => void | Promise<void>;
}

/** Every platform call the agent makes. */
export interface PlatformClient {
  readonly serverUrl: string;
  /** Cached permissions and the decisions built on them. */
  readonly permissions: PermissionService;
  /** OIDC login: authorization URL, code exchange, user info. */
  readonly login: OidcLogin;
  /** `true` when the platform does not know this schema hash and wants the schema. */
  checkSchemaHash(hash: string): Promise<boolean>;
  uploadSchema(apimap: unknown): Promise<void>;
  getIpWhitelist(): Promise<IpWhitelist>;
  /** Uncached fetches (the `permissions` service caches them). */
  getEnvironmentPermissions(): Promise<EnvironmentPermissions>;
  getUsers(): Promise<PlatformUser[]>;
  getRenderingPermissions(renderingId: number): Promise<RenderingPermissions>;
  postActivityLog(entry: ActivityLogEntry, auth: ActivityLogAuth): Promise<ActivityLogHandle>;
  /** Never rejects; failures go to `auth.onError` or the logger. */
  updateActivityLogStatus(
    log: ActivityLogHandle,
    status: 'completed' | 'failed',
    auth: ActivityLogAuth & { retryDelayMs?: number; onError?: (error: unknown) => void },
  ): Promise<void>;
  /**
   * Whether the platform takes the agent's activity logs: `false` when it has no such route
   * (the vendor's platform), `undefined` when it did not answer.
   */
  offersAgentActivityLogs(): Promise<boolean | undefined>;
  /** Stores the agent's activity logs (env secret), all or nothing; their ids in order. */
  postAgentActivityLogs(entries: readonly AgentActivityLogEntry[]): Promise<string[]>;
  /** Marks a pending log of the agent's `completed` or `failed`; throws on failure. */
  setAgentActivityLogStatus(id: string, status: 'completed' | 'failed'): Promise<void>;
  /** Marks up to 500 pending logs at once; what happened to each, in order. */
  setAgentActivityLogStatuses(
    updates: readonly AgentActivityLogStatusUpdate[],
  ): Promise<AgentActivityLogStatusOutcome[]>;
  /** Files an approval request as the user, with the reasoning as its first comment. */
  postApprovalRequest(
    request: ApprovalRequestInput,
    auth: ApprovalRequestAuth,
  ): Promise<{ id: string }>;
  /** Opens the event stream in the background; never throws. */
  subscribeToEvents(options?: EventSubscriptionOptions): { close(): Promise<void> };
  /** Closes every event stream this client opened. */
  close(): Promise<void>;
}
