import { Link, useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, RoleWithRights } from '../../api/admin-types';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { WithEnvironment } from '../../components/use-environments';
import { NoSchema } from './no-schema';
import { RightsMatrix } from './rights-matrix';
import { useEnvironmentSchema } from './use-environment-schema';

function EnvironmentRights({
  projectId,
  environmentId,
  role,
  onSaved,
}: {
  readonly projectId: string;
  readonly environmentId: number;
  readonly role: RoleWithRights;
  readonly onSaved: () => void;
}) {
  const schema = useEnvironmentSchema(projectId, environmentId);

  return (
    <LoadState loaded={schema}>
      {({ data }) =>
        data.collections.length === 0 ? (
          <NoSchema />
        ) : (
          <RightsMatrix
            key={`${environmentId}-${role.id}`}
            projectId={projectId}
            role={role}
            collections={data.collections}
            onSaved={onSaved}
          />
        )
      }
    </LoadState>
  );
}

/** One role's rights matrix on the collections and actions of a chosen environment. */
export function RoleScreen() {
  const { projectId, roleId } = useParams<{ projectId: string; roleId: string }>();
  const roles = useLoad(
    () => api<DataOf<RoleWithRights[]>>('GET', `/projects/${projectId}/roles`),
    [projectId],
  );

  return (
    <LoadState loaded={roles}>
      {({ data }) => {
        const role = data.find(item => String(item.id) === roleId);
        if (!role) {
          return <EmptyState title="No such role">Pick a role in Roles.</EmptyState>;
        }

        return (
          <>
            <PageHeader title={`Role ${role.name}`}>
              <Link href={`/projects/${projectId}/roles`}>All roles</Link>
            </PageHeader>
            {role.builtIn ? (
              <p class="muted">
                A built-in role: its rights default to its kind; what you save here replaces them.
              </p>
            ) : null}
            <WithEnvironment projectId={projectId}>
              {environment => (
                <EnvironmentRights
                  projectId={projectId}
                  environmentId={environment.id}
                  role={role}
                  onSaved={() => void roles.reload()}
                />
              )}
            </WithEnvironment>
          </>
        );
      }}
    </LoadState>
  );
}
