import { NotFoundError } from '@grove/datasource-toolkit';
import type { Request } from 'express';
import type { Transaction } from 'sequelize';

import type { EnvironmentRow } from '../../database/models/platform-models';
import type { WorkflowRow } from '../../database/models/public-api-rows';
import { idParam } from '../../http/admin-input';
import type { PlatformContext } from '../../platform-context';
import { findInProject } from './find-in-project';

/**
 * The environment `:environmentId` of the project and its workflow `:workflowId`, or a 404: a
 * workflow of another environment (or project) names nothing here.
 *
 * @example
 * ```ts
 * const { environment, workflow } = await findWorkflow(context, req, projectOf(res).id);
 * ```
 */
export async function findWorkflow(
  context: PlatformContext,
  req: Request,
  projectId: number,
  transaction?: Transaction,
): Promise<{ environment: EnvironmentRow; workflow: WorkflowRow }> {
  const environment = await findInProject(
    context.db,
    'Environment',
    projectId,
    idParam(req, 'environmentId'),
    transaction,
  );
  const workflowId = idParam(req, 'workflowId');
  const workflow = await context.db.models.Workflow.findOne({
    where: { id: workflowId, environmentId: environment.id },
    transaction,
  });
  if (!workflow) throw new NotFoundError(`No workflow ${workflowId} in this environment`);

  return { environment, workflow: workflow.get({ plain: true }) };
}
