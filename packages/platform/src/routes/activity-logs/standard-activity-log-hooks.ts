import { bearerUser } from '../../http/bearer-user';
import type { PlatformContext } from '../../platform-context';
import { findMemberRendering } from '../../permissions/find-member-rendering';
import type { ActivityLogHooks } from './activity-log-hooks';

/**
 * The activity-log hooks of standard mode (docs/platform-protocol.md#mcp-activity-logs,
 * docs/platform-protocol.md#workflow-activity-logs): the caller is the user of the `Authorization:
 * Bearer <user access token>` (401 otherwise; never a user named in the body); a log goes to the
 * environment of the body's rendering, which must be the rendering of a team of the caller (403
 * otherwise, also without rendering); a status changes only once, from `pending` to `completed` or
 * `failed`. The index is `grove`.
 *
 * @example
 * ```ts
 * mountCreateActivityLog(standardActivityLogHooks(context))(router, context);
 * ```
 */
export function standardActivityLogHooks(context: PlatformContext): ActivityLogHooks {
  return {
    index: 'grove',
    finalStatusesOnly: true,
    resolveActivityUser: req => bearerUser(context, req, 'activity-logs'),
    async resolveTarget(user, renderingId) {
      const { rendering } = await findMemberRendering(context, user, renderingId);
      const team = await context.db.models.Team.findByPk(rendering.teamId);

      return {
        environmentId: rendering.environmentId,
        renderingId: rendering.id,
        teamName: team ? team.name : null,
      };
    },
  };
}
