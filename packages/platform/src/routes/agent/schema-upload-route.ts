import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { parseApimap } from '../../schema/parse-apimap';
import { storeEnvironmentSchema } from '../../schema/store-environment-schema';

/**
 * `POST /forest/apimaps` (docs/platform-protocol.md#schema-upload): stores the JSON:API schema
 * document of the environment's agent (validated and bounded, see `parseApimap`) with its
 * `meta.schemaFileHash`, and answers
 * 204. A new schema may bring new collections and actions, hence new rights: the environment's
 * agents get `refresh-roles`. Sandbox mode also takes hand-written documents without hash.
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
      const sandbox = context.mode === 'sandbox';
      const { schema, hash } = parseApimap(req.body, { hashOptional: sandbox });
      await storeEnvironmentSchema(context, environment.id, schema, hash);
      // The test kit's sandbox has always answered 200 `{}`; agents accept both.
      if (sandbox) res.json({});
      else res.status(204).end();
    }),
  );
};
