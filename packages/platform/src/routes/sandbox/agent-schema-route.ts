import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { parseSchemaFile } from '../../schema/parse-schema-file';
import { storeEnvironmentSchema } from '../../schema/store-environment-schema';

/**
 * Test kit (sandbox mode): `POST /agent-schema` registers the agent's schema file
 * (`{ collections, meta }`, see `parseSchemaFile`) as the environment's schema, through the same
 * store as uploads; answers `{ collections: <count> }`.
 *
 * @example
 * ```ts
 * if (context.mode === 'sandbox') mountAgentSchema(router, context);
 * ```
 */
export const mountAgentSchema: PlatformRouteMounter = (router, context) => {
  router.post(
    '/agent-schema',
    handle(async (req, res) => {
      const { schema, hash } = parseSchemaFile(req.body);
      await storeEnvironmentSchema(context, environmentOf(res).id, schema, hash);
      res.json({ collections: schema.collections.length });
    }),
  );
};
