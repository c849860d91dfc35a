import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { checkSchemaHash } from '../../schema/parse-apimap';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';

/**
 * `POST /forest/apimaps/hashcheck` (spec §2.3): `{ schemaFileHash }` → `{ sendSchema }`, true
 * when the environment has no schema yet or a schema of another hash.
 *
 * @example
 * ```ts
 * mountSchemaHashcheck(router, context);
 * ```
 */
export const mountSchemaHashcheck: PlatformRouteMounter = (router, context) => {
  router.post(
    '/forest/apimaps/hashcheck',
    handle(async (req, res) => {
      const hash = checkSchemaHash(
        (req.body as { schemaFileHash?: unknown } | undefined)?.schemaFileHash,
      );
      const stored = await loadEnvironmentSchema(context.db, environmentOf(res).id);
      res.json({ sendSchema: stored?.hash !== hash });
    }),
  );
};
