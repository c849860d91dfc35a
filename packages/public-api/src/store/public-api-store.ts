/**
 * The contract between the `/v1` router (this package: HTTP, tokens, scopes, rate limits, query
 * parsing, paging, errors, OpenAPI) and whoever keeps the data (the platform, with its
 * database). The router validates and authorises everything it can before it calls the store;
 * the store reads and writes rows and answers in the wire shapes below (vendor field names,
 * `object` discriminators, ISO 8601 dates).
 *
 * Errors: a store throws `GroveError`s of `@grove/datasource-toolkit` (`NotFoundError`,
 * `ForbiddenError`, `ConflictError`, `ValidationError`...); the router turns them into the seed's
 * `{ error, message }` bodies with the code's status.
 */

/** The scopes of a token (seed §5.6, plus `workflows:trigger` for the webhook). */
export type ApiTokenScope =
  | 'activity_logs:read'
  | 'admin_logs:read'
  | 'notes:read'
  | 'notes:write'
  | 'workflows:trigger'
  | 'all';

/** The permission level of a token (seed §5.5): writes need `read-write`. */
export type ApiTokenLevel = 'read-only' | 'read-write';

/** A token as stored: never its value, only what identifies and limits it. */
export interface StoredApiToken {
  readonly id: string;
  readonly name: string;
  readonly projectId: number;
  /** The project's name, matched case-sensitively against `{projectName}` in paths. */
  readonly projectName: string;
  readonly userId: number;
  readonly level: ApiTokenLevel;
  readonly scopes: readonly ApiTokenScope[];
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  readonly createdAt: Date;
}

/**
 * The owner of a token as of this request, in the token's project: a token never exceeds it
 * (demoted ⇒ narrowed, removed ⇒ refused).
 */
export interface TokenOwner {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The owner holds the Admin role of the token's project right now. */
  readonly isProjectAdmin: boolean;
}

/** Who calls: a valid, unrevoked, unexpired token and its current owner. */
export interface PublicApiCaller {
  readonly token: StoredApiToken;
  readonly owner: TokenOwner;
}

/** An environment of the caller's project, found by its exact name. */
export interface PublicApiEnvironment {
  readonly id: number;
  readonly name: string;
}

/** A date filter (`createdAt.eq`, `.lt`, `.lte`, `.gt`, `.gte`): every bound given applies. */
export interface DateRange {
  readonly eq?: Date;
  readonly lt?: Date;
  readonly lte?: Date;
  readonly gt?: Date;
  readonly gte?: Date;
}

/** Sort direction of a list: `desc` (newest first, the vendor's) or `asc` (polling). */
export type ListOrder = 'desc' | 'asc';

/**
 * A keyset position: the list continues strictly after this row in the list's order, rows being
 * ordered by `(createdAt, id)` — so rows that share a timestamp are never skipped or repeated.
 */
export interface LogCursor {
  readonly createdAt: Date;
  /** The row's id as the wire shows it (a string of digits for the platform). */
  readonly id: string;
}

/** The vendor's activity-log actions (public-api.md §1.4) and the ones Grove adds. */
export const ACTIVITY_LOG_ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'action',
  'search',
  'filter',
  'listRelatedData',
  'describeCollection',
  'index',
  'select',
  'dashboard',
  'workspace',
  'export',
  'createNote',
  'openNote',
  'deleteNote',
  'createMessage',
  'createApproval',
  'approveApproval',
  'rejectApproval',
  'ignoreApprovalWarning',
  'markApprovalAsFailed',
  'startProcessingInboxTask',
  'completeInboxTask',
  'cancelInboxTask',
  'cancelInboxTaskNotTreated',
  'autoCancelInboxTask',
  'assignUserToInboxTask',
  'unassignUserFromInboxTask',
  'sendApprovalBackInReview',
  'triggerWorkflow',
  'abortWorkflow',
  'completeWorkflow',
  'selectWorkflowOption',
  'completeWorkflowStep',
  'reviseWorkflowStep',
  'resumeWorkflow',
  // Grove: note edits other than deletion.
  'updateNote',
  'archiveNote',
  // Grove: a workflow step that failed, and a run that failed.
  'failWorkflowStep',
  'failWorkflow',
] as const;

/** One activity-log action. */
export type ActivityLogAction = (typeof ACTIVITY_LOG_ACTIONS)[number];

/** Where an operation came from (Grove's additive `source` field). */
export const ACTIVITY_LOG_SOURCES = ['ui', 'api', 'webhook', 'mcp'] as const;

/** One activity-log source. */
export type ActivityLogSource = (typeof ACTIVITY_LOG_SOURCES)[number];

/** A `user` object of the wire. */
export interface WireUser {
  readonly object: 'user';
  readonly id: number;
  readonly username: string;
  readonly email: string;
}

/** A named object of the wire (`environment`, `collection`, `team`, `role`). */
export interface WireNamed<T extends string> {
  readonly object: T;
  readonly name: string;
}

/** An activity log on the wire (public-api.md §1.4, plus `source`, `status`). */
export interface ActivityLogItem {
  readonly object: 'activityLog';
  readonly id: string;
  readonly type: 'read' | 'write';
  readonly action: string;
  readonly label?: string;
  readonly recordIds?: readonly string[];
  readonly createdAt: string;
  readonly user: WireUser;
  readonly environment: WireNamed<'environment'>;
  readonly collection?: WireNamed<'collection'>;
  readonly team: WireNamed<'team'>;
  readonly workflow?: {
    readonly object: 'workflow';
    readonly name: string;
    readonly runId: string;
    readonly stepName?: string;
  };
  readonly source: ActivityLogSource;
  /** `pending` until the operation ends, then `completed` or `failed`. */
  readonly status: 'pending' | 'completed' | 'failed';
}

/** The filters of `GET …/activity-logs` once validated. */
export interface ActivityLogQuery {
  readonly environment: PublicApiEnvironment;
  /** The store returns at most this many rows (the router asks one more to learn `hasMore`). */
  readonly limit: number;
  readonly order: ListOrder;
  readonly after?: LogCursor;
  readonly userEmail?: string;
  readonly userId?: number;
  readonly teamName?: string;
  readonly collectionName?: string;
  readonly recordId?: string;
  /** Any of these actions (the query accepts a comma-separated list). */
  readonly actions?: readonly string[];
  readonly type?: 'read' | 'write';
  readonly sources?: readonly ActivityLogSource[];
  readonly createdAt?: DateRange;
}

/** The admin-log kinds of change (public-api.md §1.5). */
export const ADMIN_LOG_TYPES = ['add', 'remove', 'update', 'initial'] as const;
/** Who made an admin change. */
export const ADMIN_LOG_INITIATORS = ['administrator', 'identityProvider', 'forestAdmin'] as const;
/**
 * The admin-log resources: the vendor's four, then Grove's (projects, renderings, rights,
 * invitations, API tokens, workflows).
 */
export const ADMIN_LOG_RESOURCES = [
  'user-project',
  'role',
  'team',
  'environment',
  'project',
  'rendering',
  'role-rights',
  'invitation',
  'api-token',
  'workflow',
] as const;

/** An admin log on the wire (public-api.md §1.5). */
export interface AdminLogItem {
  readonly object: 'adminLog';
  readonly id: string;
  readonly type: (typeof ADMIN_LOG_TYPES)[number];
  readonly resource: (typeof ADMIN_LOG_RESOURCES)[number];
  readonly initiator: (typeof ADMIN_LOG_INITIATORS)[number];
  readonly createdAt: string;
  readonly user?: WireUser;
  readonly previousValue?: unknown;
  readonly newValue?: unknown;
}

/** The filters of `GET …/admin-logs` once validated. */
export interface AdminLogQuery {
  readonly projectId: number;
  readonly limit: number;
  readonly order: ListOrder;
  readonly after?: LogCursor;
  readonly userEmail?: string;
  readonly userId?: number;
  readonly types?: readonly AdminLogItem['type'][];
  readonly initiators?: readonly AdminLogItem['initiator'][];
  readonly resources?: readonly AdminLogItem['resource'][];
  readonly createdAt?: DateRange;
}

/** A message of a note. `content` is sanitised HTML. */
export interface NoteMessageItem {
  readonly object: 'note-message';
  readonly id: number;
  readonly content: string;
  readonly createdAt: string;
  readonly user: WireUser;
}

/** A note on a record, with its messages oldest first (public-api.md §1.6). */
export interface NoteItem {
  readonly object: 'note';
  readonly id: number;
  readonly title: string;
  readonly recordId: string;
  readonly createdAt: string;
  /** Changed when the note is edited or a message is added. */
  readonly updatedAt: string;
  readonly archivedAt?: string;
  readonly user: WireUser;
  readonly environment: WireNamed<'environment'>;
  readonly team: WireNamed<'team'>;
  readonly collection?: WireNamed<'collection'>;
  readonly messages: readonly NoteMessageItem[];
}

/** The filters of `GET …/notes` once validated; notes are ordered by `id`. */
export interface NoteQuery {
  readonly environment: PublicApiEnvironment;
  readonly limit: number;
  readonly order: ListOrder;
  /** The list continues strictly after this note id in the list's order. */
  readonly afterId?: number;
  readonly userEmail?: string;
  readonly userId?: number;
  readonly teamName?: string;
  readonly collectionName?: string;
  readonly recordId?: string;
  readonly createdAt?: DateRange;
  readonly updatedAt?: DateRange;
  readonly archivedAt?: DateRange;
  /** `true`: archived notes only; `false`: open notes only; absent: both. */
  readonly archived?: boolean;
}

/** A new note: the first message holds `content` (already sanitised by the router). */
export interface NewNote {
  readonly environment: PublicApiEnvironment;
  readonly collectionName: string;
  readonly recordId: string;
  readonly title: string;
  readonly content: string;
}

/** A change to a note: a new title, and/or archiving (`true`) or reopening (`false`) it. */
export interface NoteChange {
  readonly title?: string;
  readonly archived?: boolean;
}

/** A workflow's webhook trigger, found by the id its signed URL carries. */
export interface WorkflowTrigger {
  readonly workflowId: number;
  readonly name: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly environmentId: number;
  readonly environmentName: string;
  /** Off: the URL answers 404 until it is switched on again (same URL). */
  readonly webhookEnabled: boolean;
  /** Bumped when the URL is regenerated: URLs of older versions answer 400. */
  readonly urlVersion: number;
}

/** A step of a run: one action of the agent on the run's record. */
export interface WorkflowRunStepItem {
  readonly object: 'workflowRunStep';
  readonly index: number;
  readonly actionName: string;
  readonly status: 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
  readonly error?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

/** A run of a workflow on one record. */
export interface WorkflowRunItem {
  readonly object: 'workflowRun';
  readonly id: string;
  readonly workflow: { readonly object: 'workflow'; readonly id: number; readonly name: string };
  readonly environment: WireNamed<'environment'>;
  readonly collection: WireNamed<'collection'>;
  readonly recordId: string;
  readonly status: 'pending' | 'running' | 'succeeded' | 'failed';
  readonly source: ActivityLogSource;
  readonly user: WireUser;
  readonly steps: readonly WorkflowRunStepItem[];
  readonly createdAt: string;
  readonly finishedAt?: string;
}

/**
 * What the `/v1` router needs from the platform. Every method is scoped by ids the router has
 * already checked against the caller's token (project, environment).
 *
 * @example
 * ```ts
 * const router = createPublicApiRouter({ store: createPlatformPublicApiStore(context), ... });
 * ```
 */
export interface PublicApiStore {
  /**
   * The token whose value hashes to `hash` (SHA-256 hex, see `hashApiToken`), with its owner's
   * current standing in the token's project (`owner: null` when the user was removed from the
   * project or deleted). `null` when no token has this hash. Revoked and expired tokens are
   * returned too: the router answers them.
   */
  findToken(hash: string): Promise<{ token: StoredApiToken; owner: TokenOwner | null } | null>;
  /** Records that a token was used (the router calls it at most once a minute per token). */
  touchToken(tokenId: string, at: Date): Promise<void>;

  /** The environment of the project with exactly this name (case-sensitive), or null. */
  findEnvironment(projectId: number, name: string): Promise<PublicApiEnvironment | null>;

  /** At most `query.limit` activity logs in `(createdAt, id)` order, from `after` on. */
  listActivityLogs(query: ActivityLogQuery): Promise<readonly ActivityLogItem[]>;
  /** At most `query.limit` admin logs of the project in `(createdAt, id)` order, from `after` on. */
  listAdminLogs(query: AdminLogQuery): Promise<readonly AdminLogItem[]>;

  /** At most `query.limit` notes in `id` order, from `afterId` on, each with its messages. */
  listNotes(query: NoteQuery): Promise<readonly NoteItem[]>;
  /** One note of the environment, or null. */
  findNote(environment: PublicApiEnvironment, noteId: number): Promise<NoteItem | null>;
  /**
   * Creates a note as the caller's owner (in their team of the environment; 403 when they have
   * none), with its first message, and its `createNote` activity log (source `api`), in one
   * transaction.
   */
  createNote(caller: PublicApiCaller, note: NewNote): Promise<NoteItem>;
  /**
   * Changes a note (404 when it is not in the environment), activity-logged (`updateNote`,
   * `archiveNote`) in the same transaction; answers the note as it is now.
   */
  updateNote(
    caller: PublicApiCaller,
    environment: PublicApiEnvironment,
    noteId: number,
    change: NoteChange,
  ): Promise<NoteItem>;
  /**
   * Adds a message to a note (404 when it is not in the environment; 409 when the note is
   * archived), activity-logged (`createMessage`) in the same transaction.
   */
  addNoteMessage(
    caller: PublicApiCaller,
    environment: PublicApiEnvironment,
    noteId: number,
    content: string,
  ): Promise<NoteMessageItem>;

  /** The webhook trigger of a workflow, or null when the workflow does not exist. */
  findWorkflowTrigger(workflowId: number): Promise<WorkflowTrigger | null>;
  /**
   * Starts a run of the workflow on one record as the caller's owner, and returns its id at once
   * (the steps run in the background). 409 (`ConflictError`) while another run of this workflow
   * is active on this record — checked by the database, so two platform processes never start
   * two; 403 when the owner has no team rendering in the workflow's environment.
   */
  startWorkflowRun(
    caller: PublicApiCaller,
    trigger: WorkflowTrigger,
    recordId: string,
    source: ActivityLogSource,
  ): Promise<{ runId: string }>;
  /** A run of a workflow of the environment, or null. */
  findWorkflowRun(
    environment: PublicApiEnvironment,
    runId: string,
  ): Promise<WorkflowRunItem | null>;
}
