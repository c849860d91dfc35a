import { isGroveError } from '@grove/datasource-toolkit';

import { PublicApiError, invalidParameter, notFound } from '../http/public-api-error';
import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { callerOf } from '../http/public-api-locals';
import { readJsonBody } from '../http/read-json-body';
import { requireAccess } from '../http/require-access';
import { readQueryParameters } from '../query/query-parameters';
import { consumeWindows, setRateLimitHeaders } from '../rate-limits/rate-limit-window';
import type { RateLimitState } from '../rate-limits/rate-limit-window';
import { WORKFLOW_WEBHOOK_PATH, verifyWorkflowWebhookId } from '../webhooks/workflow-webhook-path';

/** Largest webhook body: `{ "record_id": … }` and whatever the caller adds (ignored). */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

function recordIdOf(body: Awaited<ReturnType<typeof readJsonBody>>): string {
  const value =
    body.present &&
    typeof body.value === 'object' &&
    body.value !== null &&
    !Array.isArray(body.value)
      ? (body.value as Record<string, unknown>).record_id
      : undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) {
    throw invalidParameter(
      'record_id',
      'record_id must be a non-empty string of at most 1024 characters',
    );
  }

  return value;
}

/**
 * `POST /v1/webhooks/workflows/:signedId` `{ record_id }` → 202 `{ runId }` + `Location`. In
 * order: the token (401, already checked), the signature of the URL (400), the workflow's own
 * rate limit (429), the trigger (404 unknown or disabled), its URL version (400 superseded), the
 * token's project (404), scope `workflows:trigger` and `read-write` (403), then the body (400),
 * and only then the store starts a run (409 while one is ongoing on the record).
 */
export const mountWorkflowWebhook: PublicApiRouteMounter = (router, context) => {
  router.post(`${WORKFLOW_WEBHOOK_PATH}/:signedId`, async (req, res) => {
    const caller = callerOf(res);
    const { signedId } = req.params as Record<string, string>;
    readQueryParameters(req, new Set());
    const verified = verifyWorkflowWebhookId(context.webhookKey, signedId!);
    if (verified === null) {
      throw new PublicApiError('invalid_webhook_url', 'This webhook URL is not valid');
    }
    const webhookStates = await consumeWindows(
      [context.webhookWindow],
      `workflow:${verified.workflowId}`,
    );
    const tokenStates = (res.locals.rateLimitStates ?? []) as RateLimitState[];
    setRateLimitHeaders(res, [...tokenStates, ...webhookStates]);
    const trigger = await context.store.findWorkflowTrigger(verified.workflowId);
    if (trigger === null || !trigger.webhookEnabled) throw notFound('Webhook');
    if (trigger.urlVersion !== verified.urlVersion) {
      throw new PublicApiError(
        'superseded_url',
        'This webhook URL was regenerated: use the new URL of the workflow',
      );
    }
    if (trigger.projectId !== caller.token.projectId) throw notFound('Webhook');
    requireAccess(caller, { scope: 'workflows:trigger', write: true, projectAdmin: false });
    const recordId = recordIdOf(await readJsonBody(req, WEBHOOK_BODY_LIMIT));
    let runId: string;
    try {
      ({ runId } = await context.store.startWorkflowRun(caller, trigger, recordId, 'webhook'));
    } catch (error) {
      if (!isGroveError(error, 'ConflictError')) throw error;
      throw new PublicApiError(
        'run_in_progress',
        'A run of this workflow is already ongoing on this record.',
      );
    }
    const project = encodeURIComponent(trigger.projectName);
    const environment = encodeURIComponent(trigger.environmentName);
    res.setHeader(
      'Location',
      `${context.publicUrl}/v1/project/${project}/environment/${environment}/workflow-runs/${encodeURIComponent(runId)}`,
    );
    res.status(202).json({ runId });
  });
};
