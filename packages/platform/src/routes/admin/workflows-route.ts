import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkWorkflowInput } from '../../workflows/check-workflow-input';
import { workflowJson } from './admin-json';
import { findInProject } from './find-in-project';

/** The fields of a workflow in the admin API. */
export const WORKFLOW_FIELDS = ['name', 'collectionName', 'steps', 'webhookEnabled'] as const;

/**
 * Workflows of an environment (`/api/admin/projects/:projectId/environments/:environmentId/workflows`):
 * `GET` lists them; `POST` {name, collectionName, steps: [{actionName, values}], webhookEnabled?}
 * creates one, checked against the environment's stored schema (400 naming a missing collection
 * or action; 409 for a name already used in the environment), with its admin log.
 *
 * @example
 * ```ts
 * mountWorkflows(router, context);
 * ```
 */
export const mountWorkflows: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/environments/:environmentId/workflows';

  router.get(
    path,
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      const workflows = await models.Workflow.findAll({
        where: { environmentId: environment.id },
        order: [['id', 'ASC']],
      });
      res.json({ data: workflows.map(workflow => workflowJson(workflow)) });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, WORKFLOW_FIELDS);
      const projectId = projectOf(res).id;
      const environment = await findInProject(
        context.db,
        'Environment',
        projectId,
        idParam(req, 'environmentId'),
      );
      const loaded = await loadEnvironmentSchema(context.db, environment.id);
      const input = checkWorkflowInput(body, loaded?.schema ?? null);
      const workflow = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const created = await models.Workflow.create(
          {
            environmentId: environment.id,
            name: input.name,
            collectionName: input.collectionName,
            steps: [...input.steps],
            webhookEnabled: input.webhookEnabled,
          },
          { transaction },
        );

        return {
          value: created.get({ plain: true }),
          logs: [
            {
              projectId,
              resourceType: 'workflow',
              resourceId: created.id,
              action: 'create',
              newValues: { ...input, environmentId: environment.id },
            },
          ],
        };
      });
      res.status(201).json({ data: workflowJson(workflow) });
    }),
  );
};
