import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';

/**
 * `GET /api/hosted-agent/datasources`: the introspections of the hosted environment's data
 * sources, `[{ introspection, datasourceSuffix, datasourceId }]` in id order (never a connection).
 *
 * @example
 * ```ts
 * mountHostedDatasources(router, context);
 * ```
 */
export const mountHostedDatasources: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/hosted-agent/datasources',
    requireHostedAgentCaller(context, { hosted: true }),
    handle(async (_req, res) => {
      const datasources = await context.db.models.HostedDatasource.findAll({
        where: { environmentId: hostedAgentCallerOf(res).environment.id },
        order: [['id', 'ASC']],
      });
      res.json(
        datasources.map(datasource => ({
          introspection: datasource.introspection,
          datasourceSuffix: datasource.datasourceSuffix,
          datasourceId: datasource.id,
        })),
      );
    }),
  );
};
