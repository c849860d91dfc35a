import { ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkWorkflowInput } from '../../workflows/check-workflow-input';
import { workflowJson } from './admin-json';
import { findWorkflow } from './find-workflow';
import { WORKFLOW_FIELDS } from './workflows-route';

function definition(workflow: {
  name: string;
  collectionName: string;
  steps: unknown;
  webhookEnabled: boolean;
}) {
  const { name, collectionName, steps, webhookEnabled } = workflow;

  return { name, collectionName, steps, webhookEnabled };
}

/**
 * One workflow (`…/environments/:environmentId/workflows/:workflowId`): `GET` reads it; `PATCH`
 * changes any of {name, collectionName, steps, webhookEnabled} — the result is checked whole
 * against the stored schema, as at creation; `DELETE` removes it with its runs. Admin-logged.
 *
 * @example
 * ```ts
 * mountWorkflow(router, context);
 * ```
 */
export const mountWorkflow: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/environments/:environmentId/workflows/:workflowId';

  router.get(
    path,
    handle(async (req, res) => {
      const { workflow } = await findWorkflow(context, req, projectOf(res).id);
      res.json({ data: workflowJson(workflow) });
    }),
  );

  router.patch(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, WORKFLOW_FIELDS);
      if (Object.keys(body).length === 0) throw new ValidationError('Nothing to change');
      const projectId = projectOf(res).id;
      const { environment, workflow: current } = await findWorkflow(context, req, projectId);
      const loaded = await loadEnvironmentSchema(context.db, environment.id);
      const input = checkWorkflowInput({ ...definition(current), ...body }, loaded?.schema ?? null);
      const workflow = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const { workflow: before } = await findWorkflow(context, req, projectId, transaction);
        await models.Workflow.update(
          { ...input, steps: [...input.steps] },
          { where: { id: before.id }, transaction },
        );
        const after = await models.Workflow.findByPk(before.id, { transaction });

        return {
          value: after!.get({ plain: true }),
          logs: [
            {
              projectId,
              resourceType: 'workflow',
              resourceId: before.id,
              action: 'update',
              previousValues: definition(before),
              newValues: input,
            },
          ],
        };
      });
      res.json({ data: workflowJson(workflow) });
    }),
  );

  router.delete(
    path,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const { workflow } = await findWorkflow(context, req, projectId, transaction);
        await models.WorkflowRun.destroy({ where: { workflowId: workflow.id }, transaction });
        await models.Workflow.destroy({ where: { id: workflow.id }, transaction });

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'workflow',
              resourceId: workflow.id,
              action: 'delete',
              previousValues: definition(workflow),
            },
          ],
        };
      });
      res.status(204).end();
    }),
  );
};
