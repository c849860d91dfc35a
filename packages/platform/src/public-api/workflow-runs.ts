import type {
  ActivityLogSource,
  PublicApiCaller,
  PublicApiEnvironment,
  WorkflowRunItem,
  WorkflowTrigger,
} from '@grove/public-api';

import type { PlatformContext } from '../platform-context';
import { startWorkflowRun } from '../workflows/start-workflow-run';
import { findActingTeam } from './find-acting-team';
import { isoDate, loadUsers, wireUser } from './wire-user';

/**
 * `findWorkflowTrigger` of the store: a workflow's webhook trigger with its project and
 * environment names, or null.
 *
 * @example
 * ```ts
 * const trigger = await findWorkflowTrigger(context, 3);
 * ```
 */
export async function findWorkflowTrigger(
  context: PlatformContext,
  workflowId: number,
): Promise<WorkflowTrigger | null> {
  const { models } = context.db;
  if (!Number.isSafeInteger(workflowId) || workflowId < 1) return null;
  const workflow = await models.Workflow.findByPk(workflowId);
  const environment = workflow ? await models.Environment.findByPk(workflow.environmentId) : null;
  const project = environment ? await models.Project.findByPk(environment.projectId) : null;
  if (!workflow || !environment || !project) return null;

  return {
    workflowId: workflow.id,
    name: workflow.name,
    projectId: project.id,
    projectName: project.name,
    environmentId: environment.id,
    environmentName: environment.name,
    webhookEnabled: workflow.webhookEnabled,
    urlVersion: workflow.webhookUrlVersion,
  };
}

/**
 * `startWorkflowRun` of the store: checks that the token's owner has a team in the workflow's
 * environment (403), then starts the run through the platform's workflow service, as the owner,
 * with the token recorded.
 *
 * @example
 * ```ts
 * const { runId } = await startPublicWorkflowRun(context, caller, trigger, '42', 'webhook');
 * ```
 */
export async function startPublicWorkflowRun(
  context: PlatformContext,
  caller: PublicApiCaller,
  trigger: WorkflowTrigger,
  recordId: string,
  source: ActivityLogSource,
): Promise<{ runId: string }> {
  await findActingTeam(context, caller.owner.id, trigger.environmentId);

  return startWorkflowRun(context, {
    workflowId: trigger.workflowId,
    recordId,
    user: { id: caller.owner.id, email: caller.owner.email },
    apiTokenId: Number(caller.token.id),
    source,
  });
}

/**
 * `findWorkflowRun` of the store: a run of a workflow of the environment, or null.
 *
 * @example
 * ```ts
 * const run = await findWorkflowRun(context, environment, runId);
 * ```
 */
export async function findWorkflowRun(
  context: PlatformContext,
  environment: PublicApiEnvironment,
  runId: string,
): Promise<WorkflowRunItem | null> {
  const { models } = context.db;
  if (runId.length === 0 || runId.length > 36) return null;
  const found = await models.WorkflowRun.findOne({
    where: { id: runId, environmentId: environment.id },
  });
  const workflow = found ? await models.Workflow.findByPk(found.workflowId) : null;
  if (!found || !workflow) return null;
  const run = found.get({ plain: true });
  const users = await loadUsers(context.db, [run.userId]);

  return {
    object: 'workflowRun',
    id: run.id,
    workflow: { object: 'workflow', id: workflow.id, name: workflow.name },
    environment: { object: 'environment', name: environment.name },
    collection: { object: 'collection', name: workflow.collectionName },
    recordId: run.recordId,
    status: run.status,
    source: run.source as ActivityLogSource,
    user: wireUser(run.userId === null ? undefined : users.get(run.userId), run.userEmail),
    steps: run.steps.map(step => ({
      object: 'workflowRunStep',
      index: step.index,
      actionName: step.actionName,
      status: step.status,
      ...(step.error === undefined ? {} : { error: step.error }),
      ...(step.startedAt === undefined ? {} : { startedAt: step.startedAt }),
      ...(step.finishedAt === undefined ? {} : { finishedAt: step.finishedAt }),
    })),
    createdAt: isoDate(run.createdAt),
    ...(run.finishedAt ? { finishedAt: isoDate(run.finishedAt) } : {}),
  };
}
