import { api } from '../../api/admin-api';
import type { DataOf, Workflow, WorkflowWebhook } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { CopyButton } from '../../components/copy-button';
import { LoadState } from '../../components/load-state';
import { useLoad } from '../../components/use-load';
import { useSubmit } from '../../components/use-submit';

/**
 * A workflow's webhook: enable or disable it, its URL (a credential: shown and copied, kept
 * nowhere) and its regeneration behind a confirmation (the old URL stops working at once).
 *
 * @example
 * ```tsx
 * <WorkflowWebhookSection workflow={workflow} workflowPath={path} onChanged={reload} />
 * ```
 */
export function WorkflowWebhookSection({
  workflow,
  workflowPath,
  onChanged,
}: {
  readonly workflow: Workflow;
  readonly workflowPath: string;
  readonly onChanged: () => Promise<void>;
}) {
  const webhook = useLoad(
    () => api<DataOf<WorkflowWebhook>>('GET', `${workflowPath}/webhook`),
    [workflowPath],
  );
  const change = useSubmit();

  return (
    <section class="card section" aria-labelledby="webhook-heading">
      <h2 id="webhook-heading">Webhook</h2>
      <p>
        The webhook is{' '}
        <span class={workflow.webhookEnabled ? 'badge badge-ok' : 'badge'}>
          {workflow.webhookEnabled ? 'Enabled' : 'Disabled'}
        </span>
        . Callers POST <code>{'{ "record_id": "…" }'}</code> to its URL with an API token that has
        the <code>workflows:trigger</code> scope.
      </p>
      <Alert kind="error">{change.error?.detail}</Alert>
      <LoadState loaded={webhook}>
        {({ data }) => (
          <>
            <div class="field">
              <label for="webhook-url">Webhook URL</label>
              <div class="secret-row">
                <input id="webhook-url" class="mono" readOnly value={data.url} />
                <CopyButton value={data.url} label="Copy webhook URL" />
              </div>
            </div>
            <div class="actions">
              <button
                type="button"
                class="button-secondary"
                disabled={change.busy}
                onClick={() =>
                  void change.run(async () => {
                    await api('PATCH', workflowPath, { webhookEnabled: !workflow.webhookEnabled });
                    await onChanged();
                  })
                }
              >
                {workflow.webhookEnabled ? 'Disable webhook' : 'Enable webhook'}
              </button>
              <ConfirmButton
                label="Regenerate URL"
                confirmLabel="Regenerate"
                title="Regenerate the webhook URL?"
                onConfirm={() =>
                  void change.run(async () => {
                    await api('POST', `${workflowPath}/webhook/regenerate`);
                    await webhook.reload();
                  })
                }
              >
                The current URL stops working at once: every caller must use the new one.
              </ConfirmButton>
            </div>
          </>
        )}
      </LoadState>
    </section>
  );
}
