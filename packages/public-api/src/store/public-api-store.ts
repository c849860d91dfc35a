/**
 * The contract between the `/v1` router (this package: HTTP, tokens, scopes, rate limits, query
 * parsing, paging, errors, OpenAPI) and whoever keeps the data (the platform, with its
 * database). The router validates and authorises everything it can before it calls the store;
 * the store reads and writes rows and answers in the wire shapes below (vendor field names,
 * `object` discriminators, ISO 8601 dates).
 *
 * Errors: a store throws `GroveError`s of `@grove/datasource-toolkit` (`NotFoundError`,
 * `ForbiddenError`, `ConflictError`, `ValidationError`...); the router turns them into the
 * `{ error, message }` bodies with the code's status.
 */

import type { ActivityLogItem, ActivityLogQuery, ActivityLogSource } from './activity-log-types';
import type { AdminLogItem, AdminLogQuery } from './admin-log-types';
import type { PublicApiCaller, StoredApiToken, TokenOwner } from './api-token-types';
import type { PublicApiEnvironment } from './list-query-types';
import type { NewNote, NoteChange, NoteItem, NoteMessageItem, NoteQuery } from './note-types';
import type { WorkflowRunItem, WorkflowTrigger } from './workflow-types';

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
