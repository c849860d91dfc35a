import type { AgentUser } from '@grove/platform-client';

/**
 * The claims of the user token the client signs: any part of the one {@link AgentUser} (camelCase,
 * as the agent's own login issues them; published agents need `id` and `renderingId`), plus extra
 * claims, signed as given.
 *
 * @example
 * ```ts
 * const claims: AgentUserClaims = { id: 2, renderingId: 1, permissionLevel: 'user', roleId: 4 };
 * ```
 */
export type AgentUserClaims = Partial<AgentUser> & { readonly [claim: string]: unknown };

/**
 * The user the client signs when none is given: the test kit's admin user (id 1, rendering 1).
 *
 * @example
 * ```ts
 * createAgentClient({ url, authSecret, user: { ...defaultAgentUser, permissionLevel: 'user' } });
 * ```
 */
export const defaultAgentUser: Readonly<AgentUserClaims> = Object.freeze({
  id: 1,
  email: 'forest@forest.com',
  firstName: 'forest',
  lastName: 'admin',
  team: 'admin',
  role: 'Admin',
  permissionLevel: 'admin',
  renderingId: 1,
  tags: {},
  roleId: 1,
});

/**
 * Adds the snake_case twins of the camelCase claims (`first_name`, `rendering_id`…) that agents
 * in other languages read; twins given explicitly win.
 *
 * @example
 * ```ts
 * withClaimTwins({ id: 1, renderingId: 4 }); // { id: 1, renderingId: 4, rendering_id: 4 }
 * ```
 */
export function withClaimTwins(user: AgentUserClaims): AgentUserClaims {
  const twins: Record<string, unknown> = {
    first_name: user.firstName,
    last_name: user.lastName,
    permission_level: user.permissionLevel,
    rendering_id: user.renderingId,
    role_id: user.roleId,
  };
  const defined = Object.entries(twins).filter(([, value]) => value !== undefined);

  return { ...Object.fromEntries(defined), ...user };
}
