import { Router, type RequestHandler } from 'express';

/** The part of an Express router the route files use: one route per method and path. */
export interface RouteTable {
  readonly get: Router['get'];
  readonly post: Router['post'];
  readonly put: Router['put'];
  readonly delete: Router['delete'];
}

/** Routes registered per method, and the middleware that serves them. */
export interface MethodRouters {
  /** Where route files register their routes (each lands in its method's router, in order). */
  readonly table: RouteTable;
  /** Hands a request to its method's router (HEAD to GET's; other methods to all routes). */
  readonly dispatch: RequestHandler;
}

/**
 * One Express router per method behind one middleware: a request walks only the routes of its
 * method (a `GET /customers/42` tries the GET routes, about a third of the private routes), in
 * the order they were registered. Express matches a route on its path and method, so a route never
 * answered another method's request: splitting them changes no answer.
 *
 * @example
 * ```ts
 * const routes = methodRouters();
 * mountGet(routes.table, services);
 * router.use(routes.dispatch);
 * ```
 */
export function methodRouters(): MethodRouters {
  const routers = new Map<string, Router>(
    ['GET', 'POST', 'PUT', 'DELETE'].map(method => [method, Router()]),
  );
  // Every route again, for the other methods: Express answers an OPTIONS with the methods of the
  // routes its path matches (`Allow`), and a PATCH falls through to the 404 as before.
  const all = Router();
  // A route goes to its method's router and to `all`, in registration order for both.
  const register = <M extends keyof RouteTable>(method: M): Router[M] =>
    ((...args: Parameters<Router[M]>) => {
      const own = routers.get(method.toUpperCase()) as Router;
      (own[method] as (...a: Parameters<Router[M]>) => unknown)(...args);
      (all[method] as (...a: Parameters<Router[M]>) => unknown)(...args);
    }) as Router[M];
  const table: RouteTable = {
    get: register('get'),
    post: register('post'),
    put: register('put'),
    delete: register('delete'),
  };
  const dispatch: RequestHandler = (request, response, next) => {
    const router = routers.get(request.method === 'HEAD' ? 'GET' : request.method) ?? all;
    router(request, response, next);
  };

  return { table, dispatch };
}
