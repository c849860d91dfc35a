import { GroveError } from '@grove/datasource-toolkit';
import { workflowWebhookUrl } from '@grove/public-api';

import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { findWorkflow } from './find-workflow';

/**
 * The webhook of a workflow (`…/workflows/:workflowId/webhook`): `GET` answers `{ url, enabled }`
 * (the URL is signed with the deployment's webhook key and the workflow's URL version);
 * `POST …/webhook/regenerate` bumps the URL version — the old URL stops working at once — and
 * answers the new one. Admin-logged (the URL itself is not: it is a credential).
 *
 * @example
 * ```ts
 * mountWorkflowWebhook(router, context);
 * ```
 */
export const mountWorkflowWebhook: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path =
    '/api/admin/projects/:projectId/environments/:environmentId/workflows/:workflowId/webhook';
  const urlOf = (workflow: { id: number; webhookUrlVersion: number }) =>
    workflowWebhookUrl(
      context.publicUrl,
      context.webhookKey,
      workflow.id,
      workflow.webhookUrlVersion,
    );

  router.get(
    path,
    handle(async (req, res) => {
      const { workflow } = await findWorkflow(context, req, projectOf(res).id);
      res.json({ data: { url: urlOf(workflow), enabled: workflow.webhookEnabled } });
    }),
  );

  router.post(
    `${path}/regenerate`,
    handle(async (req, res) => {
      bodyOf(req, []);
      const projectId = projectOf(res).id;
      const workflow = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const { workflow: before } = await findWorkflow(context, req, projectId, transaction);
        const webhookUrlVersion = before.webhookUrlVersion + 1;
        // Conditional on the version read: two regenerations at once bump it twice, never lose one.
        const [count] = await models.Workflow.update(
          { webhookUrlVersion },
          { where: { id: before.id, webhookUrlVersion: before.webhookUrlVersion }, transaction },
        );
        if (count === 0) {
          throw new GroveError('ConflictError', 'The webhook URL was regenerated meanwhile: retry');
        }

        return {
          value: { ...before, webhookUrlVersion },
          logs: [
            {
              projectId,
              resourceType: 'workflow',
              resourceId: before.id,
              action: 'regenerate-webhook',
              previousValues: { webhookUrlVersion: before.webhookUrlVersion },
              newValues: { webhookUrlVersion },
            },
          ],
        };
      });
      res.json({ data: { url: urlOf(workflow), enabled: workflow.webhookEnabled } });
    }),
  );
};
