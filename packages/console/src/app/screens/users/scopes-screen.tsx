import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, Rendering, SchemaCollection, TeamWithMembers } from '../../api/admin-types';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { WithEnvironment } from '../../components/use-environments';
import { NoSchema } from './no-schema';
import { ScopeEditor } from './scope-editor';
import { useEnvironmentSchema } from './use-environment-schema';
import { InlineField } from '../projects/inline-field';

function TeamScope({
  path,
  collection,
}: {
  readonly path: string;
  readonly collection: SchemaCollection;
}) {
  const rendering = useLoad(() => api<DataOf<Rendering>>('GET', path), [path]);

  return (
    <LoadState loaded={rendering}>
      {({ data }) => (
        <ScopeEditor
          key={`${path}-${collection.name}`}
          path={path}
          collection={collection}
          scope={data.collections[collection.name]?.scope}
          onSaved={() => void rendering.reload()}
        />
      )}
    </LoadState>
  );
}

function EnvironmentScopes({
  projectId,
  environmentId,
}: {
  readonly projectId: string;
  readonly environmentId: number;
}) {
  const schema = useEnvironmentSchema(projectId, environmentId);
  const teams = useLoad(
    () => api<DataOf<TeamWithMembers[]>>('GET', `/projects/${projectId}/teams`),
    [projectId],
  );
  const [teamId, setTeamId] = useState('');
  const [collectionName, setCollectionName] = useState('');

  return (
    <LoadState loaded={schema}>
      {({ data: { collections } }) => (
        <LoadState loaded={teams}>
          {({ data: teamList }) => {
            if (collections.length === 0) return <NoSchema />;
            if (teamList.length === 0) {
              return <EmptyState title="No team yet">Create a team in Teams first.</EmptyState>;
            }
            const team = teamList.find(item => String(item.id) === teamId) ?? teamList[0]!;
            const collection =
              collections.find(item => item.name === collectionName) ?? collections[0]!;

            return (
              <>
                <div class="filters">
                  <InlineField
                    label="Team"
                    render={id => (
                      <select
                        id={id}
                        value={String(team.id)}
                        onChange={event => setTeamId(event.currentTarget.value)}
                      >
                        {teamList.map(item => (
                          <option key={item.id} value={String(item.id)}>
                            {item.name}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                  <InlineField
                    label="Collection"
                    render={id => (
                      <select
                        id={id}
                        value={collection.name}
                        onChange={event => setCollectionName(event.currentTarget.value)}
                      >
                        {collections.map(item => (
                          <option key={item.name} value={item.name}>
                            {item.name}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                </div>
                <TeamScope
                  key={`${team.id}-${environmentId}`}
                  path={`/projects/${projectId}/environments/${environmentId}/teams/${team.id}/rendering`}
                  collection={collection}
                />
              </>
            );
          }}
        </LoadState>
      )}
    </LoadState>
  );
}

/** The scopes of a team on the collections of an environment, edited as conditions. */
export function ScopesScreen() {
  const { projectId } = useParams<{ projectId: string }>();

  return (
    <>
      <PageHeader title="Scopes" />
      <p class="muted">
        A scope restricts the records a team sees in a collection. Values may use{' '}
        <code>{'{{currentUser.id}}'}</code> and the other user templates.
      </p>
      <WithEnvironment projectId={projectId}>
        {environment => (
          <EnvironmentScopes
            key={environment.id}
            projectId={projectId}
            environmentId={environment.id}
          />
        )}
      </WithEnvironment>
    </>
  );
}
