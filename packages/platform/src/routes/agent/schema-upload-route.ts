import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { parseApimap } from '../../schema/parse-apimap';
import { saveEnvironmentSchema } from '../../schema/save-environment-schema';

/**
 * `POST /forest/apimaps` (spec §2.2): stores the JSON:API schema document of the environment's
 * agent (validated and bounded, see `parseApimap`) with its `meta.schemaFileHash`, and answers
 * 204. A new schema may bring new collections and actions, hence new rights: the environment's
 * agents get `refresh-roles`.
 *
 * @example
 * ```ts
 * mountSchemaUpload(router, context);
 * ```
 */
export const mountSchemaUpload: PlatformRouteMounter = (router, context) => {
  router.post(
    '/forest/apimaps',
    handle(async (req, res) => {
      const environment = environmentOf(res);
      const { schema, hash } = parseApimap(req.body);
      if (await saveEnvironmentSchema(context.db, environment.id, schema, hash)) {
        await context.events.publish({
          environmentId: environment.id,
          name: 'refresh-roles',
          data: {},
        });
      }
      res.status(204).end();
    }),
  );
};
