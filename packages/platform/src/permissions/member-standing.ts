import type {
  PermissionLevel,
  ProjectMemberRow,
  UserRow,
} from '../database/models/platform-models';

/** A user's permission level and tags in one project. */
export interface MemberStanding {
  readonly permissionLevel: PermissionLevel;
  readonly tags: Record<string, string>;
}

/**
 * The permission level and tags a user has in one project: their membership's, or the account's
 * own where the membership has none (docs/decisions.md#d26-permission-level-and-tags-per-project).
 * What that project's agents are served; another project's membership never counts.
 *
 * @example
 * ```ts
 * memberStanding(user, member); // { permissionLevel: 'editor', tags: { region: 'EU' } }
 * ```
 */
export function memberStanding(
  user: Pick<UserRow, 'permissionLevel' | 'tags'>,
  member: Pick<ProjectMemberRow, 'permissionLevel' | 'tags'>,
): MemberStanding {
  return {
    permissionLevel: member.permissionLevel ?? user.permissionLevel,
    tags: member.tags ?? user.tags ?? {},
  };
}
