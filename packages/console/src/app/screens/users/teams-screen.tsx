import { Link, useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, TeamWithMembers } from '../../api/admin-types';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { NamedList } from './named-list';

/** The teams of a project: list (with their member count), create, rename, delete. */
export function TeamsScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const path = `/projects/${projectId}/teams`;
  const teams = useLoad(() => api<DataOf<TeamWithMembers[]>>('GET', path), [path]);

  return (
    <>
      <PageHeader title="Teams">
        <Link href={`/projects/${projectId}/scopes`}>Scopes of the teams</Link>
      </PageHeader>
      <p class="muted">
        A team decides what its members see in each environment: its scopes restrict the records.
        Add members to teams in Users.
      </p>
      <LoadState loaded={teams}>
        {({ data }) => (
          <NamedList
            noun="team"
            path={path}
            onChanged={() => void teams.reload()}
            deleteWarning="Its members leave it, and its scopes and layouts are deleted."
            items={data.map(team => ({
              id: team.id,
              name: team.name,
              details: (
                <p class="muted">
                  {team.userIds.length} member{team.userIds.length === 1 ? '' : 's'}
                </p>
              ),
            }))}
          />
        )}
      </LoadState>
    </>
  );
}
