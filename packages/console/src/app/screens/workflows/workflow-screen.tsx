import { Link, useLocation, useSearch } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, Workflow } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { useSubmit } from '../../components/use-submit';
import { WorkflowForm } from './workflow-form';
import { WorkflowRuns } from './workflow-runs';
import { WorkflowWebhookSection } from './workflow-webhook';

/**
 * One workflow of an environment (`?environment=<id>`): its webhook (switch, URL to copy,
 * regeneration), its definition to edit, its deletion, and its runs.
 */
export function WorkflowScreen({
  params,
}: {
  readonly params: { readonly projectId: string; readonly workflowId: string };
}) {
  const environmentId = new URLSearchParams(useSearch()).get('environment') ?? '';
  const { projectId, workflowId } = params;
  const listPath = `/projects/${projectId}/workflows?environment=${environmentId}`;
  const workflowPath = `/projects/${projectId}/environments/${environmentId}/workflows/${workflowId}`;
  const workflow = useLoad(() => api<DataOf<Workflow>>('GET', workflowPath), [workflowPath]);
  const [, navigate] = useLocation();
  const removal = useSubmit();

  if (!/^\d+$/.test(environmentId)) {
    return (
      <>
        <PageHeader title="Workflow" />
        <EmptyState title="No environment chosen">
          Open the workflow from <Link href={`/projects/${projectId}/workflows`}>Workflows</Link>.
        </EmptyState>
      </>
    );
  }

  return (
    <LoadState loaded={workflow}>
      {({ data }) => (
        <>
          <PageHeader title={`Workflow: ${data.name}`}>
            <Link href={listPath}>All workflows</Link>
            <ConfirmButton
              label="Delete workflow"
              confirmLabel="Delete"
              title={`Delete the workflow ${data.name}?`}
              onConfirm={() =>
                void removal.run(async () => {
                  await api('DELETE', workflowPath);
                  navigate(listPath);
                })
              }
            >
              The workflow, its webhook URL and its runs are deleted.
            </ConfirmButton>
          </PageHeader>
          <Alert kind="error">{removal.error?.detail}</Alert>
          <WorkflowWebhookSection
            workflow={data}
            workflowPath={workflowPath}
            onChanged={workflow.reload}
          />
          <WorkflowForm
            key={data.updatedAt}
            heading="Definition"
            submitLabel="Save workflow"
            initial={data}
            onSave={async body => {
              await api('PATCH', workflowPath, body);
              await workflow.reload();
            }}
          />
          <WorkflowRuns workflowPath={workflowPath} />
        </>
      )}
    </LoadState>
  );
}
