import { Link, useLocation } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, Environment, Workflow } from '../../api/admin-types';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { WithEnvironment } from '../../components/use-environments';
import { WorkflowForm } from './workflow-form';

/** The workflows of an environment, and a form to create one. */
export function WorkflowsScreen({ params }: { readonly params: { readonly projectId: string } }) {
  return (
    <>
      <PageHeader title="Workflows" />
      <WithEnvironment projectId={params.projectId}>
        {environment => (
          <EnvironmentWorkflows
            key={environment.id}
            projectId={params.projectId}
            environment={environment}
          />
        )}
      </WithEnvironment>
    </>
  );
}

function EnvironmentWorkflows({
  projectId,
  environment,
}: {
  readonly projectId: string;
  readonly environment: Environment;
}) {
  const path = `/projects/${projectId}/environments/${environment.id}/workflows`;
  const workflows = useLoad(() => api<DataOf<Workflow[]>>('GET', path), [path]);
  const [, navigate] = useLocation();
  const linkOf = (workflow: Workflow) =>
    `/projects/${projectId}/workflows/${workflow.id}?environment=${environment.id}`;

  return (
    <>
      <LoadState loaded={workflows}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState title="No workflow yet">
              Create one below: pick a collection and the actions to run on a record, in order.
            </EmptyState>
          ) : (
            <div class="table-wrap" role="region" aria-label="Workflows" tabIndex={0}>
              <table>
                <caption class="visually-hidden">Workflows of {environment.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Collection</th>
                    <th scope="col">Steps</th>
                    <th scope="col">Webhook</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map(workflow => (
                    <tr key={workflow.id}>
                      <td>
                        <Link href={linkOf(workflow)}>{workflow.name}</Link>
                      </td>
                      <td>{workflow.collectionName}</td>
                      <td>{workflow.steps.map(step => step.actionName).join(' → ')}</td>
                      <td>
                        <span class={workflow.webhookEnabled ? 'badge badge-ok' : 'badge'}>
                          {workflow.webhookEnabled ? 'Enabled' : 'Disabled'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      <WorkflowForm
        heading="New workflow"
        submitLabel="Create workflow"
        onSave={async body => {
          const { data } = await api<DataOf<Workflow>>('POST', path, body);
          navigate(linkOf(data));
        }}
      />
    </>
  );
}
