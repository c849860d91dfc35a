import { invalidParameter, notFound } from '../http/public-api-error';
import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { requireAccess, requireProject } from '../http/require-access';
import { resolveEnvironment } from '../http/resolve-environment';
import { readQueryParameters } from '../query/query-parameters';

/** Path of a workflow run (the `Location` of a webhook's 202). */
export const WORKFLOW_RUN_PATH =
  '/v1/project/:projectName/environment/:environmentName/workflow-runs/:runId';

/** `GET …/workflow-runs/:runId`: a run and its steps (scope `workflows:trigger`). */
export const mountWorkflowRun: PublicApiRouteMounter = (router, context) => {
  router.get(WORKFLOW_RUN_PATH, async (req, res) => {
    const caller = callerOf(res);
    const { projectName, environmentName, runId } = req.params as Record<string, string>;
    requireProject(caller, projectName!);
    requireAccess(caller, { scope: 'workflows:trigger', write: false, projectAdmin: false });
    readQueryParameters(req, new Set());
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(runId!)) {
      throw invalidParameter('runId', 'runId is not a run id');
    }
    const environment = await resolveEnvironment(context, caller, environmentName!);
    const run = await context.store.findWorkflowRun(environment, runId!);
    if (run === null) throw notFound('Workflow run');
    res.status(200).json(run);
  });
};
