import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, EnvironmentWithSecret } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { SecretReveal } from '../../components/secret-reveal';
import { useEnvironments } from '../../components/use-environments';
import { useSubmit } from '../../components/use-submit';
import { EnvironmentFields, environmentBody } from './environment-fields';
import type { EnvironmentFieldValues } from './environment-fields';
import { formMessages } from './form-messages';
import { ProjectSettings } from './project-settings';

const PATTERNS = { name: /\bname\b/i, agentUrl: /agent URL/i };
const EMPTY: EnvironmentFieldValues = { name: '', agentUrl: '', isProduction: false };

/**
 * The environments of a project (name, production badge, agent URL), a form to create one —
 * its env secret shown once — and the project's settings (rename).
 */
export function EnvironmentsScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const environments = useEnvironments(projectId);
  const [values, setValues] = useState<EnvironmentFieldValues>(EMPTY);
  const [created, setCreated] = useState<EnvironmentWithSecret | undefined>(undefined);
  const submit = useSubmit();
  const messages = formMessages(submit, PATTERNS);

  return (
    <>
      <PageHeader title="Environments" />
      {created ? (
        <SecretReveal
          title={`Environment secret of ${created.name}`}
          value={created.secret}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <LoadState loaded={environments}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState title="No environment yet">
              Create one below, then start its agent with the secret it shows.
            </EmptyState>
          ) : (
            <div
              class="table-wrap"
              role="region"
              aria-label="Environments of the project"
              tabIndex={0}
            >
              <table>
                <caption class="visually-hidden">Environments of the project</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Agent URL</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map(environment => (
                    <tr key={environment.id}>
                      <td>
                        <Link href={`/projects/${projectId}/environments/${environment.id}`}>
                          {environment.name}
                        </Link>
                      </td>
                      <td>
                        {environment.isProduction ? (
                          <span class="badge badge-bad">Production</span>
                        ) : (
                          <span class="badge">Development</span>
                        )}
                      </td>
                      <td class="mono">
                        {environment.agentUrl ?? <span class="muted">none</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      <form
        class="card form"
        aria-labelledby="new-environment"
        onSubmit={event => {
          event.preventDefault();
          void submit.run(async () => {
            const { data } = await api<DataOf<EnvironmentWithSecret>>(
              'POST',
              `/projects/${projectId}/environments`,
              environmentBody(values),
            );
            setCreated(data);
            setValues(EMPTY);
            await environments.reload();
          });
        }}
      >
        <h2 id="new-environment">New environment</h2>
        <Alert kind="error">{messages.form}</Alert>
        <EnvironmentFields
          values={values}
          onChange={setValues}
          errorFor={messages.field}
          agentUrlHint="Where the platform reaches the agent, e.g. https://admin-api.example.com (optional)"
        />
        <button type="submit" disabled={submit.busy}>
          Create environment
        </button>
      </form>
      <ProjectSettings projectId={projectId} />
    </>
  );
}
