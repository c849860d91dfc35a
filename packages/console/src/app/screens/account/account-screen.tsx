import { Link } from 'wouter-preact';

import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../session/session-context';
import { NewTokenForm } from './new-token-form';

/** Account settings: who one is, the password, and API tokens of the projects one administers. */
export function AccountScreen() {
  const { session, projects } = useSession();
  const { user } = session;
  const administered = projects.filter(project => project.isAdmin);

  return (
    <>
      <PageHeader title="Account settings" />
      <section class="card section" aria-labelledby="profile">
        <h2 id="profile">Profile</h2>
        <dl class="profile">
          <dt>Name</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
        <Link href="/change-password">Change password</Link>
      </section>
      {administered.length === 0 ? (
        <EmptyState title="No project to make a token for">
          API tokens belong to a project: an Admin of a project can generate them. Ask one to make
          you an Admin, or create a project in Projects.
        </EmptyState>
      ) : (
        <NewTokenForm projects={administered} />
      )}
    </>
  );
}
