import { Op } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import { WORKFLOW_STEP_TIMEOUT_MS } from './call-agent-action';
import { writeWorkflowActivityLog } from './write-workflow-activity-log';

/**
 * How long a run may go without an update before it is taken for dead. A live run updates its
 * row when each step starts and ends, and a step waits for the agent at most 30 s: a run silent
 * for much longer lost its process (a crash, a restart). The margin keeps a run of another live
 * platform process of the deployment safe from this process's sweeps.
 */
export const STALE_WORKFLOW_RUN_MS = 4 * WORKFLOW_STEP_TIMEOUT_MS;

/**
 * Ends the runs left active by a process that is gone: `pending` or `running` runs not updated
 * for {@link STALE_WORKFLOW_RUN_MS} become `failed`, their unfinished steps `failed`/`skipped`,
 * `finished_at` set and `active_key` freed (the record can be run on again), with a
 * `failWorkflow` activity log. The platform calls
 * it at start and then every minute. Answers how many runs it ended.
 *
 * @example
 * ```ts
 * const freed = await freeStaleWorkflowRuns(db);
 * ```
 */
export async function freeStaleWorkflowRuns(
  db: PlatformDatabase,
  now: Date = new Date(),
): Promise<number> {
  const { WorkflowRun } = db.models;
  const stale = {
    status: { [Op.in]: ['pending', 'running'] },
    updatedAt: { [Op.lt]: new Date(now.getTime() - STALE_WORKFLOW_RUN_MS) },
  };
  const runs = await WorkflowRun.findAll({ where: stale, limit: 500 });
  let freed = 0;
  for (const run of runs) {
    const steps = (run.steps ?? []).map(step =>
      step.status === 'running'
        ? { ...step, status: 'failed' as const, error: 'The platform stopped during the step' }
        : step.status === 'pending'
          ? { ...step, status: 'skipped' as const }
          : step,
    );
    const [count] = await WorkflowRun.update(
      { status: 'failed', steps, finishedAt: now, activeKey: null },
      // The same conditions: a run its process updated meanwhile is alive.
      { where: { id: run.id, ...stale } },
    );
    if (count === 0) continue;
    freed += count;
    const workflow = await db.models.Workflow.findByPk(run.workflowId);
    await writeWorkflowActivityLog(db, {
      action: 'failWorkflow',
      status: 'failed',
      environmentId: run.environmentId,
      user: { id: run.userId, email: run.userEmail },
      source: run.source,
      teamName: null,
      renderingId: null,
      collectionName: workflow?.collectionName ?? null,
      recordId: run.recordId,
      workflowName: workflow?.name ?? null,
      workflowRunId: run.id,
    });
  }

  return freed;
}
