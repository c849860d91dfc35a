import { Op } from 'sequelize';

import { environmentEnvSecret } from '../auth/environment-env-secret';
import type { EnvironmentRow } from '../database/models/platform-models';
import type { WorkflowRow, WorkflowRunStepResult } from '../database/models/public-api-rows';
import type { PlatformContext } from '../platform-context';
import { loadEnvironmentSchema } from '../schema/load-environment-schema';
import { callAgentAction } from './call-agent-action';
import type { AgentActionOutcome } from './call-agent-action';
import { findSchemaAction, findSchemaCollection } from './check-workflow-input';
import type { DelegatedIdentity } from './find-delegated-identity';
import { signDelegation } from './sign-delegation';
import { writeWorkflowActivityLog } from './write-workflow-activity-log';
import type { WorkflowActivity } from './write-workflow-activity-log';

/** A run that was just inserted, with what its steps need. */
export interface StartedWorkflowRun {
  readonly id: string;
  readonly workflow: WorkflowRow;
  readonly environment: EnvironmentRow;
  readonly recordId: string;
  readonly identity: DelegatedIdentity;
  readonly user: { readonly id: number; readonly email: string };
  readonly source: 'ui' | 'api' | 'webhook' | 'mcp';
  readonly apiTokenId?: number;
}

/** The endpoint and id of a step's action, or why the step cannot run (becomes its error). */
async function prepareStep(
  context: PlatformContext,
  run: StartedWorkflowRun,
  actionName: string,
): Promise<{ endpoint: string; actionId: string; envSecret: string; agentUrl: string }> {
  const { environment, workflow } = run;
  if (!environment.agentUrl) throw new Error('The environment has no agent URL');
  const loaded = await loadEnvironmentSchema(context.db, environment.id);
  if (!loaded) throw new Error("The environment's agent has not uploaded its schema");
  const action = findSchemaAction(
    findSchemaCollection(loaded.schema, workflow.collectionName),
    actionName,
  );
  // The agent serves actions under its own URL: only a path is taken from the schema.
  if (typeof action.endpoint !== 'string' || !/^\/[^/\\]/.test(action.endpoint)) {
    throw new Error(`The action "${actionName}" has no endpoint in the schema`);
  }

  return {
    endpoint: action.endpoint,
    actionId: action.id,
    envSecret: environmentEnvSecret(context.db, environment),
    agentUrl: environment.agentUrl,
  };
}

async function runStep(
  context: PlatformContext,
  run: StartedWorkflowRun,
  index: number,
  signal: AbortSignal,
): Promise<AgentActionOutcome> {
  const step = run.workflow.steps[index]!;
  let prepared: Awaited<ReturnType<typeof prepareStep>>;
  try {
    prepared = await prepareStep(context, run, step.actionName);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const token = await signDelegation(
    run.identity,
    {
      source: run.source,
      ...(run.apiTokenId === undefined ? {} : { apiTokenId: run.apiTokenId }),
      workflowRunId: run.id,
      workflowName: run.workflow.name,
      workflowStepName: step.actionName,
    },
    prepared.envSecret,
  );

  return callAgentAction({
    agentUrl: prepared.agentUrl,
    endpoint: prepared.endpoint,
    actionId: prepared.actionId,
    collectionName: run.workflow.collectionName,
    recordId: run.recordId,
    values: step.values ?? {},
    token,
    signal,
  });
}

/**
 * Runs the steps of a started run in order, each an action call on the record through the
 * environment's agent with a delegated token naming the run and the step (the user's rights
 * apply), recording each step's result in the run and an activity log. The first failure stops
 * the run (later steps `skipped`); the run ends `succeeded` or `failed` with a
 * `completeWorkflow` or `failWorkflow` activity log, its `finished_at` set and its `active_key`
 * freed. Once the platform is closing (`signal`), the step in flight fails and the run ends.
 *
 * @example
 * ```ts
 * trackWorkflowRun(context, signal => executeWorkflowRun(context, run, signal));
 * ```
 */
export async function executeWorkflowRun(
  context: PlatformContext,
  run: StartedWorkflowRun,
  signal: AbortSignal,
): Promise<void> {
  const { models } = context.db;
  const active = { id: run.id, status: { [Op.in]: ['pending', 'running'] } };
  const steps: WorkflowRunStepResult[] = run.workflow.steps.map((step, index) => ({
    index,
    actionName: step.actionName,
    status: 'pending',
  }));
  const activity: Omit<WorkflowActivity, 'action' | 'status'> = {
    environmentId: run.environment.id,
    user: run.user,
    source: run.source,
    teamName: run.identity.teamName,
    renderingId: run.identity.renderingId,
    collectionName: run.workflow.collectionName,
    recordId: run.recordId,
    workflowName: run.workflow.name,
    workflowRunId: run.id,
    ...(run.apiTokenId === undefined ? {} : { apiTokenId: run.apiTokenId }),
  };
  await models.WorkflowRun.update({ status: 'running' }, { where: active });

  let failed = false;
  for (const [index, step] of steps.entries()) {
    if (failed) {
      step.status = 'skipped';
      continue;
    }
    step.startedAt = new Date().toISOString();
    step.status = 'running';
    await models.WorkflowRun.update({ steps: steps.map(s => ({ ...s })) }, { where: active });
    const outcome = signal.aborted
      ? ({ ok: false, error: 'The platform stopped before the step' } as const)
      : await runStep(context, run, index, signal);
    step.finishedAt = new Date().toISOString();
    step.status = outcome.ok ? 'succeeded' : 'failed';
    if (!outcome.ok) {
      step.error = outcome.error;
      failed = true;
    }
    // The step as the workflow sees it; the agent logs the action itself (source, run, step).
    await writeWorkflowActivityLog(context.db, {
      ...activity,
      action: outcome.ok ? 'completeWorkflowStep' : 'failWorkflowStep',
      status: outcome.ok ? 'completed' : 'failed',
      workflowStepName: step.actionName,
    });
  }

  await context.db.sequelize.transaction(async transaction => {
    await models.WorkflowRun.update(
      {
        status: failed ? 'failed' : 'succeeded',
        steps,
        finishedAt: new Date(),
        activeKey: null,
      },
      { where: active, transaction },
    );
    await writeWorkflowActivityLog(
      context.db,
      {
        ...activity,
        action: failed ? 'failWorkflow' : 'completeWorkflow',
        status: failed ? 'failed' : 'completed',
      },
      transaction,
    );
  });
}
