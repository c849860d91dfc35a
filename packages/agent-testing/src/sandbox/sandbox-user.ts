import { SANDBOX_USER } from '@grove/platform';

/**
 * The one user of a sandbox: an admin with id 1, role 1 and rendering 1, as the platform's
 * sandbox mode seeds it. It is the user the test client signs its token for, so the ids here and
 * in the token must agree.
 *
 * @example
 * ```ts
 * expect(caller.id).toBe(sandboxUser.id); // in a hook of the agent under test
 * ```
 */
export const sandboxUser = Object.freeze({
  ...SANDBOX_USER,
  fullName: `${SANDBOX_USER.firstName} ${SANDBOX_USER.lastName}`,
});
