import { NotFoundError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { computeRenderingPermissions } from '../../permissions/compute-rendering-permissions';
import { resolveRenderingId } from '../../permissions/resolve-rendering-id';

const MAX_ID = 2_147_483_647;

/**
 * `GET /liana/v4/permissions/renderings/:renderingId` (docs/platform-protocol.md#renderings): a
 * rendering of the environment (team, scopes, segments, charts). 404 for an id that is not a
 * rendering of this environment, including another environment's renderings (sandbox mode: see
 * `resolveRenderingId`).
 *
 * @example
 * ```ts
 * mountRenderingPermissions(router, context);
 * ```
 */
export const mountRenderingPermissions: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/v4/permissions/renderings/:renderingId',
    handle(async (req, res) => {
      const raw = String(req.params.renderingId);
      // Digits only, within the 32-bit ids of the tables: `1e3`, `0x1` or `12abc` name no
      // rendering, and PostgreSQL never sees an out-of-range integer.
      const renderingId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
      if (!(renderingId <= MAX_ID)) {
        throw new NotFoundError(`No rendering ${raw.slice(0, 32)} in this environment`);
      }
      const environment = environmentOf(res);
      const resolved = await resolveRenderingId(context, environment, renderingId);
      res.json(await computeRenderingPermissions(context.db, environment, resolved));
    }),
  );
};
