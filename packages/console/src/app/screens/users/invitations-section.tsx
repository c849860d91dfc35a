import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { DataOf, InvitationWithLink } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { usePageSlice } from '../../components/use-page-slice';
import { Field } from '../../components/field';
import { SecretReveal } from '../../components/secret-reveal';
import { useSubmit } from '../../components/use-submit';
import { formMessages } from '../projects/form-messages';
import type { ProjectPeople } from './use-project-people';

const PATTERNS = {
  email: /email|already a member/i,
  roleId: /^roleId|role/i,
  teamId: /^teamId|team/i,
};

/**
 * Invitations of a project: the invite form (email, role, team) whose answer's link is shown
 * once with a copy button, and the pending invitations with a cancel button each.
 *
 * @example
 * ```tsx
 * <InvitationsSection projectId="1" people={people} onChanged={reload} />
 * ```
 */
export function InvitationsSection({
  projectId,
  people,
  onChanged,
}: {
  readonly projectId: string;
  readonly people: ProjectPeople;
  readonly onChanged: () => void;
}) {
  const base = `/projects/${projectId}/invitations`;
  const userRole = people.roles.find(role => role.name === 'User') ?? people.roles[0];
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState(String(userRole?.id ?? ''));
  const [teamId, setTeamId] = useState(String(people.teams[0]?.id ?? ''));
  const [created, setCreated] = useState<InvitationWithLink | undefined>(undefined);
  const { shown, pager } = usePageSlice(people.invitations);
  const submit = useSubmit();
  const cancel = useSubmit();
  const messages = formMessages(submit, PATTERNS);
  const nameOf = (list: readonly { id: number; name: string }[], id: number | null) =>
    list.find(item => item.id === id)?.name ?? '—';

  return (
    <section class="section" aria-labelledby="invitations">
      <h2 id="invitations">Invitations</h2>
      {created ? (
        <SecretReveal
          title={`Invitation link for ${created.email}`}
          value={created.link}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <form
        class="card form"
        aria-labelledby="invite"
        onSubmit={event => {
          event.preventDefault();
          void submit.run(async () => {
            const { data } = await api<DataOf<InvitationWithLink>>('POST', base, {
              email,
              roleId: Number(roleId),
              teamId: teamId ? Number(teamId) : null,
            });
            setCreated(data);
            setEmail('');
            onChanged();
          });
        }}
      >
        <h3 id="invite">Invite a user</h3>
        <Alert kind="error">{messages.form}</Alert>
        <Field
          label="Email"
          error={messages.field('email')}
          render={props => (
            <input
              {...props}
              type="email"
              required
              value={email}
              onInput={event => setEmail(event.currentTarget.value)}
            />
          )}
        />
        <Field
          label="Role"
          error={messages.field('roleId')}
          render={props => (
            <select
              {...props}
              value={roleId}
              onChange={event => setRoleId(event.currentTarget.value)}
            >
              {people.roles.map(role => (
                <option key={role.id} value={String(role.id)}>
                  {role.name}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          label="Team"
          error={messages.field('teamId')}
          render={props => (
            <select
              {...props}
              value={teamId}
              onChange={event => setTeamId(event.currentTarget.value)}
            >
              <option value="">No team</option>
              {people.teams.map(team => (
                <option key={team.id} value={String(team.id)}>
                  {team.name}
                </option>
              ))}
            </select>
          )}
        />
        <button type="submit" disabled={submit.busy}>
          Invite
        </button>
      </form>
      <h3 id="pending">Pending invitations</h3>
      <Alert kind="error">{cancel.error?.detail}</Alert>
      {people.invitations.length === 0 ? (
        <EmptyState title="No pending invitation">
          Invite a user above: they get a link to join the project.
        </EmptyState>
      ) : (
        <div class="table-wrap" role="region" aria-label="Pending invitations" tabIndex={0}>
          <table aria-labelledby="pending">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Team</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map(invitation => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{nameOf(people.roles, invitation.roleId)}</td>
                  <td>{nameOf(people.teams, invitation.teamId)}</td>
                  <td>{new Date(invitation.expiresAt).toLocaleString()}</td>
                  <td>
                    <ConfirmButton
                      label="Cancel invitation"
                      confirmLabel="Cancel invitation"
                      title={`Cancel the invitation of ${invitation.email}?`}
                      onConfirm={async () => {
                        if (await cancel.run(() => api('DELETE', `${base}/${invitation.id}`))) {
                          onChanged();
                        }
                      }}
                    >
                      Its link stops working.
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Pending invitations" {...pager} />
    </section>
  );
}
