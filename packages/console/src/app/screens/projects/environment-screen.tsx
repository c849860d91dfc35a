import { useState } from 'preact/hooks';
import { Link, useLocation, useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, Environment, EnvironmentWithSecret } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { SecretReveal } from '../../components/secret-reveal';
import { useLoad } from '../../components/use-load';
import { useSubmit } from '../../components/use-submit';
import { EnvironmentSettingsForm } from './environment-settings-form';
import { IpWhitelistForm } from './ip-whitelist-form';

/**
 * One environment: its settings (name, agent URL, production flag), its IP whitelist, its
 * secret (regenerated behind a confirmation, the new one shown once) and its deletion.
 */
export function EnvironmentScreen() {
  const { projectId, environmentId } = useParams<{ projectId: string; environmentId: string }>();
  const path = `/projects/${projectId}/environments/${environmentId}`;
  const environment = useLoad(() => api<DataOf<Environment>>('GET', path), [path]);
  const [secret, setSecret] = useState<string | undefined>(undefined);
  const danger = useSubmit();
  const [, navigate] = useLocation();

  return (
    <LoadState loaded={environment}>
      {({ data }) => (
        <>
          <PageHeader title={`Environment ${data.name}`}>
            <Link href={`/projects/${projectId}/environments`}>All environments</Link>
          </PageHeader>
          <EnvironmentSettingsForm
            path={path}
            environment={data}
            onSaved={() => void environment.reload()}
          />
          <IpWhitelistForm
            path={path}
            environment={data}
            onSaved={() => void environment.reload()}
          />
          <section class="card section" aria-labelledby="environment-secret">
            <h2 id="environment-secret">Environment secret</h2>
            <p class="muted">
              The agent of this environment signs in with its secret. Regenerating it stops the
              current one at once: give the new one to the agent and restart it.
            </p>
            <Alert kind="error">{danger.error?.detail}</Alert>
            {secret ? (
              <SecretReveal
                title="New environment secret"
                value={secret}
                onDone={() => setSecret(undefined)}
              />
            ) : null}
            <div class="actions">
              <ConfirmButton
                label="Regenerate secret"
                confirmLabel="Regenerate"
                title="Regenerate the environment secret?"
                onConfirm={async () => {
                  await danger.run(async () => {
                    const answer = await api<DataOf<EnvironmentWithSecret>>(
                      'POST',
                      `${path}/secret`,
                    );
                    setSecret(answer.data.secret);
                  });
                }}
              >
                The current secret stops working at once; the agent needs the new one.
              </ConfirmButton>
              <ConfirmButton
                label="Delete environment"
                confirmLabel="Delete"
                title={`Delete the environment ${data.name}?`}
                onConfirm={async () => {
                  await danger.run(async () => {
                    await api('DELETE', path);
                    navigate(`/projects/${projectId}/environments`);
                  });
                }}
              >
                Its renderings, workflows and schema are deleted with it.
              </ConfirmButton>
            </div>
          </section>
        </>
      )}
    </LoadState>
  );
}
