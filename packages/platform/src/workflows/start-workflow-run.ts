import { randomUUID } from 'node:crypto';

import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import { UniqueConstraintError } from 'sequelize';

import type { PlatformContext } from '../platform-context';
import { executeWorkflowRun } from './execute-workflow-run';
import type { StartedWorkflowRun } from './execute-workflow-run';
import { findDelegatedIdentity } from './find-delegated-identity';
import { trackWorkflowRun } from './workflow-run-tracker';
import { writeWorkflowActivityLog } from './write-workflow-activity-log';

/** Who starts a run, and how. */
export interface WorkflowRunStart {
  readonly workflowId: number;
  readonly recordId: string;
  /** The execution identity: the run acts with this user's rights. */
  readonly user: { readonly id: number; readonly email: string };
  /** The API token that triggered the run (webhook), if any. */
  readonly apiTokenId?: number;
  readonly source: 'ui' | 'api' | 'webhook' | 'mcp';
}

/** The longest record id a run takes (the column's length). */
const MAX_RECORD_ID_LENGTH = 1024;

/**
 * Starts a run of a workflow on one record and answers its id at once; the steps run in the
 * background, in order, through the environment's agent, as `user` (a delegated token: the
 * user's rights apply, step by step). Checks first: the workflow exists (404), the record id is a
 * text of 1 to 1 024 characters (400), the user has a rendering in the workflow's environment
 * (403). Then, in one transaction, the run (`pending`, `active_key` `<workflowId>:<recordId>`)
 * and its `triggerWorkflow` activity log: the unique `active_key` makes a second start on a record
 * whose run is still active a 409, across platform processes.
 *
 * @example
 * ```ts
 * const { runId } = await startWorkflowRun(context, { workflowId, recordId: '42', user, source: 'webhook' });
 * ```
 */
export async function startWorkflowRun(
  context: PlatformContext,
  start: WorkflowRunStart,
): Promise<{ runId: string }> {
  const { models } = context.db;
  const { recordId } = start;
  if (
    typeof recordId !== 'string' ||
    recordId === '' ||
    recordId.length > MAX_RECORD_ID_LENGTH ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(recordId)
  ) {
    throw new ValidationError('The record id must be a text of 1 to 1024 characters');
  }
  const workflow = await models.Workflow.findByPk(start.workflowId);
  const environment = workflow && (await models.Environment.findByPk(workflow.environmentId));
  if (!workflow || !environment) throw new NotFoundError(`No workflow ${start.workflowId}`);
  const identity = await findDelegatedIdentity(context, environment, start.user.id);

  const run: StartedWorkflowRun = {
    id: randomUUID(),
    workflow: workflow.get({ plain: true }),
    environment: environment.get({ plain: true }),
    recordId,
    identity,
    user: { id: start.user.id, email: start.user.email },
    source: start.source,
    ...(start.apiTokenId === undefined ? {} : { apiTokenId: start.apiTokenId }),
  };
  try {
    await context.db.sequelize.transaction(async transaction => {
      await models.WorkflowRun.create(
        {
          id: run.id,
          workflowId: workflow.id,
          environmentId: environment.id,
          recordId,
          userId: start.user.id,
          userEmail: start.user.email,
          source: start.source,
          status: 'pending',
          activeKey: `${workflow.id}:${recordId}`,
          steps: run.workflow.steps.map((step, index) => ({
            index,
            actionName: step.actionName,
            status: 'pending' as const,
          })),
        },
        { transaction },
      );
      await writeWorkflowActivityLog(
        context.db,
        {
          action: 'triggerWorkflow',
          status: 'completed',
          environmentId: environment.id,
          user: run.user,
          source: start.source,
          teamName: identity.teamName,
          renderingId: identity.renderingId,
          collectionName: workflow.collectionName,
          recordId,
          workflowName: workflow.name,
          workflowRunId: run.id,
          ...(start.apiTokenId === undefined ? {} : { apiTokenId: start.apiTokenId }),
        },
        transaction,
      );
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      throw new GroveError(
        'ConflictError',
        `A run of the workflow ${workflow.id} is already active on the record ${recordId}`,
      );
    }
    throw error;
  }
  trackWorkflowRun(context, signal => executeWorkflowRun(context, run, signal));

  return { runId: run.id };
}
