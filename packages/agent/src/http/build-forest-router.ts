import { Router } from 'express';
import type { AgentServices } from './agent-services';
import { allowedOriginMatcher } from './allowed-origins';
import { authenticate } from './middlewares/authenticate';
import { bodyParsers } from './middlewares/body-parsers';
import { clientIp } from './middlewares/client-ip';
import { correlationId } from './middlewares/correlation-id';
import { createCors } from './middlewares/cors';
import { createErrorHandler } from './middlewares/error-handler';
import { ipWhitelist } from './middlewares/ip-whitelist';
import { memoizeQuery } from './middlewares/memoize-query';
import { methodRouters } from './method-routers';
import { requestLogger } from './middlewares/request-logger';
import { compileTrustedProxies } from './trusted-proxies';
import type { IpWhitelist } from '@grove/platform-client';
import type { RouteMounter } from './route-mounter';
import { mountHealthCheck } from '../routes/system/health-check';
import { mountAuthentication } from '../routes/system/authentication';
import { mountScopeInvalidation } from '../routes/system/scope-invalidation';
import { mountCapabilities } from '../routes/system/capabilities';
import { mountNativeQuery } from '../routes/charts/native-query';
import { mountApiCharts } from '../routes/charts/api-charts';
import { mountStatsChart } from '../routes/charts/stats-chart';
import { mountActions } from '../routes/actions/action-routes';
import { mountListRelated } from '../routes/related/list-related';
import { mountAssociate } from '../routes/related/associate';
import { mountDissociate } from '../routes/related/dissociate';
import { mountUpdateRelation } from '../routes/related/update-relation';
import { mountCount } from '../routes/collection/count';
import { mountCsv } from '../routes/collection/csv';
import { mountList } from '../routes/collection/list';
import { mountGet } from '../routes/collection/get';
import { mountCreate } from '../routes/collection/create';
import { mountUpdate } from '../routes/collection/update';
import { mountDelete } from '../routes/collection/delete';
import { mountUpdateField } from '../routes/collection/update-field';

/**
 * The private routes, most specific first. Routes take their collection from a path parameter,
 * so every fixed first segment (`_actions`, `_charts`, `_internal`, `stats`,
 * `scope-cache-invalidation`) must be registered before the `/:collectionName…` patterns, and
 * `/:collectionName/count` before `/:collectionName/:id` (a record whose id is literally `count`
 * cannot be fetched, as with the vendor's agent).
 */
const privateRoutes: readonly RouteMounter[] = [
  mountScopeInvalidation,
  mountCapabilities,
  mountNativeQuery,
  mountApiCharts,
  mountStatsChart,
  mountActions,
  // Related routes have four or five segments; they never shadow the collection routes.
  mountListRelated,
  mountAssociate,
  mountDissociate,
  mountUpdateRelation,
  mountUpdateField,
  // `/:c/count` before `/:c/:id`; the list route also serves `/:c.csv` (see mountCsv).
  mountCount,
  mountCsv,
  mountList,
  mountGet,
  mountCreate,
  mountUpdate,
  mountDelete,
];

/** The body limit of the public login routes: `{"renderingId": 42}` needs a few bytes. */
const loginBodyLimit = 4 * 1024;

/**
 * Builds the router mounted at the agent's prefix. The order is load-bearing
 * (docs/agent-protocol.md#middleware-order, with Grove's deviations): CORS first so preflights
 * never need a token; correlation id, the query string parsed once, logging and the client's
 * address (through trusted proxies) before anything can fail; public routes (health, login — the
 * login bodies parsed with a small limit) before the token check; the IP whitelist after the
 * token check; bodies parsed only then, so that an anonymous client cannot make the agent read a
 * large body (bulk deletes and dissociations carry JSON bodies, so every method is parsed); the
 * error middleware last; an authenticated request to an unknown path ends in a plain 404.
 *
 * @example
 * ```ts
 * const router = buildForestRouter(services, whitelist);
 * app.use('/forest', router);
 * ```
 */
export function buildForestRouter(services: AgentServices, whitelist: IpWhitelist): Router {
  const { options } = services;
  const router = Router();
  router.use(
    createCors(
      allowedOriginMatcher(options.allowedOrigins, {
        serverUrl: services.platform.serverUrl,
        isProduction: options.isProduction,
      }),
    ),
  );
  router.use(correlationId);
  router.use(memoizeQuery);
  router.use(requestLogger(services.logger, options.loggerLevel));
  router.use(clientIp(compileTrustedProxies(options.trustedProxies)));

  mountHealthCheck(router, services);
  router.use('/authentication', bodyParsers(loginBodyLimit));
  mountAuthentication(router, services);

  router.use(authenticate(options.authSecret, options.envSecret));
  router.use(ipWhitelist(whitelist));
  router.use(bodyParsers(options.maxBodySize));
  // Each method's routes in a router of their own, in the order above.
  const routes = methodRouters();
  for (const mount of privateRoutes) mount(routes.table, services);
  router.use(routes.dispatch);

  router.use((_request, response) => {
    response.status(404).type('text/plain').send('Not Found');
  });
  router.use(createErrorHandler(services.logger));

  return router;
}
