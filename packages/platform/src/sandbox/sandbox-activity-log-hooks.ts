import { NotFoundError } from '@grove/datasource-toolkit';

import type { PlatformContext } from '../platform-context';
import type { ActivityLogHooks } from '../routes/activity-logs/activity-log-hooks';
import { SANDBOX_USER } from './sandbox-seed';

/**
 * The activity-log hooks of sandbox mode (a permissive default): every caller, with any Bearer
 * token or none, is the sandbox user; a log goes to the environment of the rendering its body
 * names, else to the sandbox's first environment; the raw bodies are kept for
 * `sandbox.activityLogs()`. The index is `sandbox`.
 *
 * @example
 * ```ts
 * mountCreateActivityLog(sandboxActivityLogHooks(context))(router, context);
 * ```
 */
export function sandboxActivityLogHooks(context: PlatformContext): ActivityLogHooks {
  const { models } = context.db;

  return {
    index: 'sandbox',
    async resolveActivityUser() {
      const user = await models.User.findOne({ where: { email: SANDBOX_USER.email } });
      if (!user) throw new NotFoundError('The sandbox user is missing');

      return { id: user.id, email: user.email };
    },
    async resolveTarget(_user, renderingId) {
      const rendering = renderingId ? await models.Rendering.findByPk(renderingId) : null;
      if (rendering) {
        const team = await models.Team.findByPk(rendering.teamId);

        return {
          environmentId: rendering.environmentId,
          renderingId: rendering.id,
          teamName: team ? team.name : null,
        };
      }
      const first = await models.Environment.findOne({ order: [['id', 'ASC']] });
      if (!first) throw new NotFoundError('No environment in this sandbox yet');

      return { environmentId: first.id, renderingId: null, teamName: null };
    },
    recorded: log => context.sandbox?.recordActivityLog(log.id, log.body, log.status),
    statusChanged: (id, status) => context.sandbox?.setActivityLogStatus(id, status),
  };
}
