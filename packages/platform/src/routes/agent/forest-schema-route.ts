import { NotFoundError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';
import { toForestSchemaDocument } from '../../schema/to-forest-schema-document';

/**
 * `GET /liana/forest-schema` (docs/platform-protocol.md#schema-read-back): the environment's stored
 * schema as JSON:API, fields, actions and segments as related resources in `included`. 404 until an
 * agent uploaded one.
 *
 * @example
 * ```ts
 * mountForestSchema(router, context);
 * ```
 */
export const mountForestSchema: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/forest-schema',
    handle(async (_req, res) => {
      const loaded = await loadEnvironmentSchema(context.db, environmentOf(res).id);
      if (!loaded) throw new NotFoundError('No agent has sent the schema of this environment yet');
      res.json(toForestSchemaDocument(loaded));
    }),
  );
};
