import type { DateRange, ListOrder, LogCursor, PublicApiEnvironment } from './list-query-types';

/** The vendor's activity-log actions (docs/public-api.md#activity-logs) and the ones Grove adds. */
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

/** An activity log on the wire (docs/public-api.md#activity-logs, plus `source`, `status`). */
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
