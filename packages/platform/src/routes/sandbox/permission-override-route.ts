import { ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyPermissionOverride } from '../../sandbox/apply-permission-override';
import {
  mergePermissionOverride,
  validatePermissionOverride,
} from '../../sandbox/permission-override';
import type { PermissionOverride } from '../../sandbox/permission-override';

/**
 * Test kit (sandbox mode): the environment's permission override. `GET` reads it, `POST` merges
 * a partial override into it (`{}` clears it, as the vendor's test client does) and answers the
 * result, `DELETE` clears it. Every change becomes rights rows (see `applyPermissionOverride`)
 * and refresh events for the environment's agents.
 *
 * @example
 * ```ts
 * if (context.mode === 'sandbox') mountPermissionOverride(router, context);
 * ```
 */
export const mountPermissionOverride: PlatformRouteMounter = (router, context) => {
  const current = (environmentId: number) => context.sandbox?.override(environmentId) ?? {};

  router.get('/permission-override', (_req, res) => {
    res.json(current(environmentOf(res).id));
  });

  router.post(
    '/permission-override',
    handle(async (req, res) => {
      const error = validatePermissionOverride(req.body);
      if (error !== undefined) throw new ValidationError(`Invalid permission override: ${error}`);
      const environment = environmentOf(res);
      const body = req.body as PermissionOverride;
      const override =
        Object.keys(body).length === 0
          ? {}
          : mergePermissionOverride(current(environment.id), body);
      await applyPermissionOverride(context, environment, override);
      res.json(override);
    }),
  );

  router.delete(
    '/permission-override',
    handle(async (_req, res) => {
      await applyPermissionOverride(context, environmentOf(res), {});
      res.json({});
    }),
  );
};
