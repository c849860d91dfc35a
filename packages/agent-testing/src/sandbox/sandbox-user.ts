/**
 * The one user every sandbox environment has: an admin with id 1, role 1 and rendering 1. It is
 * the user the test client signs its token for, so the ids here and in the token must agree.
 *
 * @example
 * ```ts
 * expect(caller.id).toBe(sandboxUser.id); // in a hook of the agent under test
 * ```
 */
export const sandboxUser = Object.freeze({
  id: 1,
  email: 'forest@forest.com',
  firstName: 'forest',
  lastName: 'admin',
  fullName: 'forest admin',
  team: 'admin',
  teamId: 1,
  role: 'Admin',
  roleId: 1,
  permissionLevel: 'admin' as const,
  renderingId: 1,
  tags: Object.freeze({}) as Readonly<Record<string, string>>,
});

/** The user as listed by `GET /liana/v4/permissions/users` (the agent reads `roleId` there). */
export function sandboxUserListEntry(): Record<string, unknown> {
  const { id, firstName, lastName, fullName, email, permissionLevel, tags, roleId } = sandboxUser;

  return { id, firstName, lastName, fullName, email, permissionLevel, tags: { ...tags }, roleId };
}

/** The user as answered by the user-info endpoint of a login (`/liana/v2/renderings/<id>/authorization`). */
export function sandboxUserInfo(): Record<string, unknown> {
  const { id, email, firstName, lastName, team, role, permissionLevel, tags } = sandboxUser;

  return {
    data: {
      id: String(id),
      type: 'users',
      attributes: {
        email,
        first_name: firstName,
        last_name: lastName,
        teams: [team],
        role,
        permission_level: permissionLevel,
        tags: Object.entries(tags).map(([key, value]) => ({ key, value })),
      },
    },
  };
}
