import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';
import { relativeDate } from './relative-date';

/**
 * `GET /api/hosted-agent/last-published-code-details`: `null` when no bundle was deployed,
 * else `{ date, relativeDate, user: { name, email } }` of the last deployed one.
 *
 * @example
 * ```ts
 * mountLastPublishedCodeDetails(router, context);
 * ```
 */
export const mountLastPublishedCodeDetails: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;

  router.get(
    '/api/hosted-agent/last-published-code-details',
    requireHostedAgentCaller(context, { hosted: true }),
    handle(async (_req, res) => {
      const bundle = await models.HostedBundle.findOne({
        where: { environmentId: hostedAgentCallerOf(res).environment.id, status: 'deployed' },
        attributes: ['id', 'userId', 'publishedAt'],
        order: [
          ['publishedAt', 'DESC'],
          ['id', 'DESC'],
        ],
      });
      if (!bundle?.publishedAt) {
        res.json(null);

        return;
      }
      const user = bundle.userId === null ? null : await models.User.findByPk(bundle.userId);
      res.json({
        date: bundle.publishedAt.toISOString(),
        relativeDate: relativeDate(bundle.publishedAt, new Date()),
        user: user
          ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }
          : { name: 'A removed user', email: '' },
      });
    }),
  );
};
