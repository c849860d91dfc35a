import { ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { workflowRunJson } from './admin-json';
import { findWorkflow } from './find-workflow';

/** Page size bounds of a workflow's runs. */
export const WORKFLOW_RUNS_PAGE = { default: 20, max: 100 } as const;

function positive(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 0;
  if (number < 1 || number > max)
    throw new ValidationError(`${name} is an integer from 1 to ${max}`);

  return number;
}

/**
 * `GET /api/admin/projects/:projectId/environments/:environmentId/workflows/:workflowId/runs
 * ?page=1&pageSize=20`: the workflow's runs, newest first, each with its status, record, user,
 * source and steps, as `{ data, meta: { page, pageSize, total } }`. 404 for a workflow of
 * another environment or project.
 *
 * @example
 * ```ts
 * mountWorkflowRuns(router, context);
 * ```
 */
export const mountWorkflowRuns: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/environments/:environmentId/workflows/:workflowId/runs',
    handle(async (req, res) => {
      const { workflow } = await findWorkflow(context, req, projectOf(res).id);
      const page = positive(req.query.page, 'page', 1, 100_000);
      const pageSize = positive(
        req.query.pageSize,
        'pageSize',
        WORKFLOW_RUNS_PAGE.default,
        WORKFLOW_RUNS_PAGE.max,
      );
      const { rows, count } = await context.db.models.WorkflowRun.findAndCountAll({
        where: { workflowId: workflow.id, environmentId: workflow.environmentId },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      res.json({
        data: rows.map(row => workflowRunJson(row.get({ plain: true }))),
        meta: { page, pageSize, total: count },
      });
    }),
  );
};
