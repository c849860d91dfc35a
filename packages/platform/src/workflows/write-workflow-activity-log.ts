import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/** What a run writes in activity logs: its start, each step, its end. */
export interface WorkflowActivity {
  readonly action:
    | 'triggerWorkflow'
    | 'completeWorkflow'
    | 'failWorkflow'
    | 'completeWorkflowStep'
    | 'failWorkflowStep';
  readonly status: 'completed' | 'failed';
  readonly environmentId: number;
  readonly user: { readonly id: number | null; readonly email: string | null };
  readonly source: string;
  /** Null only when a stale run is ended by another process (its team is not known there). */
  readonly teamName: string | null;
  readonly renderingId: number | null;
  readonly collectionName: string | null;
  readonly recordId: string;
  readonly workflowName: string | null;
  readonly workflowRunId: string;
  readonly apiTokenId?: number;
  /** The step's action name (`action` logs only). */
  readonly workflowStepName?: string;
}

/**
 * Writes one activity log of a workflow run (type `write`, the run's source, user, team,
 * rendering, record, workflow name and run id, and the API token that started it, if any).
 *
 * @example
 * ```ts
 * await writeWorkflowActivityLog(db, { action: 'completeWorkflow', status: 'completed', … });
 * ```
 */
export async function writeWorkflowActivityLog(
  db: PlatformDatabase,
  activity: WorkflowActivity,
  transaction?: Transaction,
): Promise<void> {
  await db.models.ActivityLog.create(
    {
      environmentId: activity.environmentId,
      userId: activity.user.id,
      userEmail: activity.user.email,
      action: activity.action,
      collectionName: activity.collectionName,
      recordIds: [activity.recordId],
      label: activity.workflowStepName ?? activity.workflowName,
      status: activity.status,
      type: 'write',
      source: activity.source,
      teamName: activity.teamName,
      renderingId: activity.renderingId,
      apiTokenId: activity.apiTokenId ?? null,
      workflowRunId: activity.workflowRunId,
      workflowName: activity.workflowName,
      workflowStepName: activity.workflowStepName ?? null,
    },
    { transaction },
  );
}
