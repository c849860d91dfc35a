// What the admin API answers, as the console reads it (packages/platform/src/routes/admin).

export interface AdminUser {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly permissionLevel: string;
  readonly mustChangePassword?: boolean;
}

export interface AdminSession {
  readonly user: AdminUser;
  readonly csrfToken: string;
  readonly expiresAt: string;
}

export interface Project {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
}

export interface Environment {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly agentUrl: string | null;
  readonly isProduction: boolean;
  readonly ipWhitelist: { readonly enabled: boolean; readonly rules: readonly unknown[] };
  readonly createdAt: string;
}

export interface Team {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
}

export interface Role {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly builtIn: boolean;
}

/** A list answer of the admin API. */
export interface DataOf<T> {
  readonly data: T;
}

// Notes and workflows (notes-workflows area).

/** A user as notes name them. */
export interface NoteUser {
  readonly id: number;
  readonly username: string;
  readonly email: string;
}

/** A message of a note: `content` is HTML sanitised by the platform. */
export interface NoteMessage {
  readonly id: number;
  readonly content: string;
  readonly createdAt: string;
  readonly user: NoteUser;
}

/** A note on a record, with its messages oldest first. */
export interface Note {
  readonly id: number;
  readonly title: string;
  readonly recordId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archivedAt?: string;
  readonly user: NoteUser;
  readonly team: { readonly name: string };
  readonly collection?: { readonly name: string };
  readonly messages: readonly NoteMessage[];
}

/** A page of notes: `nextAfter` continues the list (null at its end). */
export interface NotePage {
  readonly data: readonly Note[];
  readonly meta: { readonly pageSize: number; readonly nextAfter: number | null };
}

/** One step of a workflow: an action of the collection and its form values. */
export interface WorkflowStep {
  readonly actionName: string;
  readonly values?: Record<string, unknown>;
}

export interface Workflow {
  readonly id: number;
  readonly environmentId: number;
  readonly name: string;
  readonly collectionName: string;
  readonly steps: readonly WorkflowStep[];
  readonly webhookEnabled: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The webhook of a workflow: its URL is a credential (shown, never stored by the console). */
export interface WorkflowWebhook {
  readonly url: string;
  readonly enabled: boolean;
}

/** A step of a run. */
export interface WorkflowRunStep {
  readonly index: number;
  readonly actionName: string;
  readonly status: string;
  readonly error?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

export interface WorkflowRun {
  readonly id: string;
  readonly workflowId: number;
  readonly recordId: string;
  readonly userId: number | null;
  readonly userEmail: string | null;
  readonly source: string;
  readonly status: string;
  readonly steps: readonly WorkflowRunStep[];
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** A page of a paged list (`page` from 1). */
export interface PagedOf<T> {
  readonly data: T;
  readonly meta: { readonly page: number; readonly pageSize: number; readonly total: number };
}

// --- structure screens (environments, users, teams, roles, scopes) ---

/**
 * A rule of an environment's IP whitelist (docs/platform-protocol.md#ip-rules): an address, a
 * range, or a CIDR.
 */
export type IpRule =
  | { readonly type: 0; readonly ip: string }
  | { readonly type: 1; readonly ipMinimum: string; readonly ipMaximum: string }
  | { readonly type: 2; readonly range: string };

/** An environment as created or regenerated: its secret, shown once. */
export interface EnvironmentWithSecret extends Environment {
  readonly secret: string;
}

/** A member of a project, with their role and teams. */
export interface Member {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly permissionLevel: string;
  readonly role: { readonly id: number; readonly name: string };
  readonly teams: readonly { readonly id: number; readonly name: string }[];
}

/** A pending invitation. */
export interface Invitation {
  readonly id: number;
  readonly email: string;
  readonly roleId: number;
  readonly teamId: number | null;
  readonly expiresAt: string;
}

/** An invitation as created: its token and link, shown once. */
export interface InvitationWithLink extends Invitation {
  readonly token: string;
  readonly link: string;
}

/** A team with its members' ids. */
export interface TeamWithMembers extends Team {
  readonly userIds: readonly number[];
}

/** The rights of a role on a collection. */
export type CollectionRights = Record<
  'browse' | 'read' | 'edit' | 'add' | 'delete' | 'export',
  boolean
>;

/** The rights of a role on an action (conditions: condition trees or null). */
export interface ActionRights {
  readonly trigger: boolean;
  readonly triggerConditions: unknown;
  readonly approvalRequired: boolean;
  readonly approvalRequiredConditions: unknown;
  readonly approve: boolean;
  readonly approveConditions: unknown;
  readonly selfApprove: boolean;
}

/** A role with its rights. */
export interface RoleWithRights extends Role {
  readonly collections: Readonly<Record<string, CollectionRights>>;
  readonly actions: Readonly<Record<string, Readonly<Record<string, ActionRights>>>>;
  /** What applies to a collection or an action the role has no row for (the platform says). */
  readonly defaults: {
    readonly collection: CollectionRights;
    readonly trigger: boolean;
    readonly approve: boolean;
    readonly selfApprove: boolean;
  };
}

/** A field of an environment's schema, with the operators a condition on it may use. */
export interface SchemaField {
  readonly name: string;
  readonly type: string;
  readonly filterOperators: readonly string[];
}

/** A collection of an environment's schema. */
export interface SchemaCollection {
  readonly name: string;
  readonly fields: readonly SchemaField[];
  readonly actions: readonly { readonly name: string }[];
}

/** A condition tree as stored (a scope): a branch or a leaf. */
export type ConditionTree =
  | { readonly aggregator: 'and' | 'or'; readonly conditions: readonly ConditionTree[] }
  | { readonly field: string; readonly operator: string; readonly value?: unknown };

/** What a team sees in an environment. */
export interface Rendering {
  readonly id: number;
  readonly teamId: number;
  readonly environmentId: number;
  readonly collections: Readonly<
    Record<string, { readonly scope?: ConditionTree | null; readonly [key: string]: unknown }>
  >;
}

// --- Tokens and logs (API tokens, activity logs, admin logs) ---

/** A scope of an API token (packages/platform/src/routes/admin/read-api-token-input.ts). */
export type ApiTokenScope =
  | 'activity_logs:read'
  | 'admin_logs:read'
  | 'notes:read'
  | 'notes:write'
  | 'workflows:trigger'
  | 'all';

/** An API token as the admin API lists it: never its value. */
export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly level: 'read-only' | 'read-write';
  readonly scopes: readonly ApiTokenScope[];
  readonly displayHint: string;
  readonly status: 'active' | 'revoked' | 'expired';
  readonly owner: { readonly id: number; readonly email: string | null };
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
}

/** The answer of a token creation: the value, shown this once. */
export interface CreatedApiToken {
  readonly token: string;
  readonly apiToken: ApiToken;
}

/** An activity log (the `/v1` shape). */
export interface ActivityLog {
  readonly id: string;
  readonly type: 'read' | 'write';
  readonly action: string;
  readonly label?: string;
  readonly recordIds?: readonly string[];
  readonly createdAt: string;
  readonly user: { readonly email: string; readonly username: string };
  readonly collection?: { readonly name: string };
  readonly team: { readonly name: string };
  readonly source: string;
  readonly status: string;
}

/** An admin log: one change of the project's settings, with its values before and after. */
export interface AdminLog {
  readonly id: number;
  readonly resourceType: string;
  readonly resourceId: string | null;
  readonly action: string;
  readonly previousValues: unknown;
  readonly newValues: unknown;
  readonly initiator: { readonly id: number | null; readonly email: string } | null;
  readonly createdAt: string;
}

/** A page of a log list: `nextCursor` continues it (null on the last page). */
export interface LogPage<T> {
  readonly data: readonly T[];
  readonly meta: { readonly nextCursor: string | null };
}
