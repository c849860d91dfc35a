import { useParams } from 'wouter-preact';

import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { InvitationsSection } from './invitations-section';
import { MembersTable } from './members-table';
import { useProjectPeople } from './use-project-people';

/** The members of a project (role, teams, removal) and its invitations (invite, cancel). */
export function UsersScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const people = useProjectPeople(projectId);
  const reload = () => void people.reload();

  return (
    <>
      <PageHeader title="Users" />
      <LoadState loaded={people}>
        {data => (
          <>
            <MembersTable projectId={projectId} people={data} onChanged={reload} />
            <InvitationsSection projectId={projectId} people={data} onChanged={reload} />
          </>
        )}
      </LoadState>
    </>
  );
}
