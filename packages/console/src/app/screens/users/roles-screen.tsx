import { useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, RoleWithRights } from '../../api/admin-types';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { NamedList } from './named-list';

/** The roles of a project: list (built-in ones read-only), create, rename, delete; each links
 * to its rights matrix. */
export function RolesScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const path = `/projects/${projectId}/roles`;
  const roles = useLoad(() => api<DataOf<RoleWithRights[]>>('GET', path), [path]);

  return (
    <>
      <PageHeader title="Roles" />
      <p class="muted">
        A role says what its members may do on each collection and action. Open a role to edit its
        rights.
      </p>
      <LoadState loaded={roles}>
        {({ data }) => (
          <NamedList
            noun="role"
            path={path}
            onChanged={() => void roles.reload()}
            deleteWarning="Only a role no member holds can be deleted."
            items={data.map(role => ({
              id: role.id,
              name: role.name,
              readOnly: role.builtIn,
              href: `/projects/${projectId}/roles/${role.id}`,
              details: (
                <p class="muted">
                  Rights on {Object.keys(role.collections).length} collection
                  {Object.keys(role.collections).length === 1 ? '' : 's'}
                </p>
              ),
            }))}
          />
        )}
      </LoadState>
    </>
  );
}
