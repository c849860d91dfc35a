// The rows of the public API and workflows (migration 0004): API tokens, notes, workflows and
// their runs.

import type { RowBase } from './platform-model';

/** The level of an API token: writes need `read-write`. */
export type ApiTokenLevelValue = 'read-only' | 'read-write';

/** An API token of the public API; the value is shown once and never stored. */
export interface ApiTokenRow extends RowBase {
  projectId: number;
  userId: number;
  name: string;
  /** SHA-256 hex of the value. */
  tokenHash: string;
  /** `grove_abcd…wxyz`, to recognise the token in lists. */
  displayHint: string;
  level: ApiTokenLevelValue;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A note on a record of an environment. */
export interface NoteRow extends RowBase {
  environmentId: number;
  collectionName: string;
  recordId: string;
  title: string;
  userId: number | null;
  userEmail: string | null;
  teamName: string | null;
  archivedAt: Date | null;
}

/** A message of a note (sanitised HTML). */
export interface NoteMessageRow extends RowBase {
  noteId: number;
  content: string;
  userId: number | null;
  userEmail: string | null;
}

/** A step of a workflow: an action of the environment's agent, with its form values. */
export interface WorkflowStep {
  actionName: string;
  values: Record<string, unknown>;
}

/** A workflow: ordered actions of one collection of an environment, run on one record. */
export interface WorkflowRow extends RowBase {
  environmentId: number;
  collectionName: string;
  name: string;
  steps: WorkflowStep[];
  webhookEnabled: boolean;
  /** Bumped when the webhook URL is regenerated (old URLs stop working). */
  webhookUrlVersion: number;
}

/** Status of a workflow run or of one of its steps. */
export type WorkflowRunStatus = 'pending' | 'running' | 'succeeded' | 'failed';

/** The result of one step of a run. */
export interface WorkflowRunStepResult {
  index: number;
  actionName: string;
  status: WorkflowRunStatus | 'skipped';
  error?: string;
  startedAt?: string;
  finishedAt?: string;
}

/** A run of a workflow on one record. */
export interface WorkflowRunRow {
  /** A random UUID. */
  id: string;
  workflowId: number;
  environmentId: number;
  recordId: string;
  userId: number | null;
  userEmail: string | null;
  source: string;
  status: WorkflowRunStatus;
  /** `<workflow id>:<record id>` while active, null once ended (unique: one active run per record). */
  activeKey: string | null;
  steps: WorkflowRunStepResult[];
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
