import { api } from '../../api/admin-api';
import type { Member } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { usePageSlice } from '../../components/use-page-slice';
import { useSubmit } from '../../components/use-submit';
import type { ProjectPeople } from './use-project-people';

/**
 * The members of a project: email, role (a select that saves at once), teams (a checkbox per
 * team) and removal behind a confirmation.
 *
 * @example
 * ```tsx
 * <MembersTable projectId="1" people={people} onChanged={reload} />
 * ```
 */
export function MembersTable({
  projectId,
  people,
  onChanged,
}: {
  readonly projectId: string;
  readonly people: ProjectPeople;
  readonly onChanged: () => void;
}) {
  const submit = useSubmit();
  const { shown, pager } = usePageSlice(people.members);
  const base = `/projects/${projectId}`;
  const change = (run: () => Promise<unknown>) =>
    void submit.run(run).then(ok => {
      if (ok) onChanged();
    });
  const inTeam = (member: Member, teamId: number) => member.teams.some(team => team.id === teamId);

  return (
    <section class="section" aria-labelledby="members">
      <h2 id="members">Members</h2>
      <Alert kind="error">{submit.error?.detail}</Alert>
      {people.members.length === 0 ? (
        <EmptyState title="No member yet">Invite someone below.</EmptyState>
      ) : (
        <div class="table-wrap" role="region" aria-label="Members" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Teams</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map(member => (
                <tr key={member.id}>
                  <td>
                    {member.email}
                    <div class="muted">
                      {member.firstName} {member.lastName}
                    </div>
                  </td>
                  <td>
                    <select
                      aria-label={`Role of ${member.email}`}
                      value={String(member.role.id)}
                      disabled={submit.busy}
                      onChange={event => {
                        const roleId = Number(event.currentTarget.value);
                        change(() => api('PATCH', `${base}/members/${member.id}`, { roleId }));
                      }}
                    >
                      {people.roles.map(role => (
                        <option key={role.id} value={String(role.id)}>
                          {role.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <div class="team-checks">
                      {people.teams.map(team => (
                        <label key={team.id} class="checkbox">
                          <input
                            type="checkbox"
                            checked={inTeam(member, team.id)}
                            disabled={submit.busy}
                            aria-label={`${member.email} in team ${team.name}`}
                            onChange={() =>
                              change(() =>
                                inTeam(member, team.id)
                                  ? api('DELETE', `${base}/teams/${team.id}/members/${member.id}`)
                                  : api('POST', `${base}/teams/${team.id}/members`, {
                                      userId: member.id,
                                    }),
                              )
                            }
                          />
                          <span aria-hidden="true">{team.name}</span>
                        </label>
                      ))}
                    </div>
                  </td>
                  <td>
                    <ConfirmButton
                      label="Remove"
                      confirmLabel="Remove member"
                      title={`Remove ${member.email} from the project?`}
                      onConfirm={() => change(() => api('DELETE', `${base}/members/${member.id}`))}
                    >
                      They lose access to every environment of the project, and leave its teams.
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Members" {...pager} />
    </section>
  );
}
