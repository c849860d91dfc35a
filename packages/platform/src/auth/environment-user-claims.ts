import { ForbiddenError } from '@grove/datasource-toolkit';
import type { AgentUser } from '@grove/platform-client';

import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { findDelegatedIdentity } from '../workflows/find-delegated-identity';

/**
 * The session claims of a user in an environment, computed as the platform computes them at login
 * (docs/platform-protocol.md#session-users): the user of `userId`, or else the project's first
 * member (the admin the platform was bootstrapped with), through a team of theirs that has a
 * rendering there. What a test, a demo or a benchmark signs an agent token for.
 *
 * @throws ForbiddenError when the user is not a member of the project or has no team with a
 *   rendering in the environment (or when the project has no member at all).
 *
 * @example
 * ```ts
 * const environment = await findEnvironmentBySecret(platform.context.db, envSecret);
 * const admin = await environmentUserClaims(platform.context, environment!);
 * const token = await signSessionToken(admin, { secret: authSecret, expiresInSeconds: 3600 });
 * ```
 */
export async function environmentUserClaims(
  context: PlatformContext,
  environment: Pick<EnvironmentRow, 'id' | 'projectId'>,
  userId?: number,
): Promise<AgentUser & { readonly renderingId: number }> {
  let id = userId;
  if (id === undefined) {
    const first = await context.db.models.ProjectMember.findOne({
      where: { projectId: environment.projectId },
      order: [['id', 'ASC']],
    });
    if (!first) throw new ForbiddenError('This project has no member');
    id = first.userId;
  }

  return (await findDelegatedIdentity(context, environment, id)).claims;
}
