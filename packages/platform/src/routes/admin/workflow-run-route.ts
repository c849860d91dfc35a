import { NotFoundError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { idParam } from '../../http/admin-input';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { workflowRunJson } from './admin-json';
import { findInProject } from './find-in-project';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `GET /api/admin/projects/:projectId/environments/:environmentId/workflow-runs/:runId`: a run's
 * status and each step's result, for the console. A 404 for a run of another environment.
 *
 * @example
 * ```ts
 * mountWorkflowRun(router, context);
 * ```
 */
export const mountWorkflowRun: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/environments/:environmentId/workflow-runs/:runId',
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      const runId = String(req.params.runId);
      const run = UUID.test(runId)
        ? await context.db.models.WorkflowRun.findOne({
            where: { id: runId, environmentId: environment.id },
          })
        : null;
      if (!run)
        throw new NotFoundError(`No workflow run ${runId.slice(0, 36)} in this environment`);
      res.json({ data: workflowRunJson(run.get({ plain: true })) });
    }),
  );
};
