import { api } from '../../api/admin-api';
import type {
  DataOf,
  Invitation,
  Member,
  RoleWithRights,
  TeamWithMembers,
} from '../../api/admin-types';
import { useLoad } from '../../components/use-load';

/** What the users screen shows: members, roles, teams and pending invitations of a project. */
export interface ProjectPeople {
  readonly members: readonly Member[];
  readonly roles: readonly RoleWithRights[];
  readonly teams: readonly TeamWithMembers[];
  readonly invitations: readonly Invitation[];
}

/**
 * Loads a project's members, roles, teams and pending invitations together.
 *
 * @example
 * ```tsx
 * const people = useProjectPeople(projectId);
 * ```
 */
export function useProjectPeople(projectId: string) {
  return useLoad(async (): Promise<ProjectPeople> => {
    const base = `/projects/${projectId}`;
    const [members, roles, teams, invitations] = await Promise.all([
      api<DataOf<Member[]>>('GET', `${base}/members`),
      api<DataOf<RoleWithRights[]>>('GET', `${base}/roles`),
      api<DataOf<TeamWithMembers[]>>('GET', `${base}/teams`),
      api<DataOf<Invitation[]>>('GET', `${base}/invitations`),
    ]);

    return {
      members: members.data,
      roles: roles.data,
      teams: teams.data,
      invitations: invitations.data,
    };
  }, [projectId]);
}
