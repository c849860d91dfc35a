import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { checkSchemaHash } from '../../schema/parse-apimap';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';

/**
 * `POST /forest/apimaps/hashcheck` (docs/platform-protocol.md#hash-check): `{ schemaFileHash }` →
 * `{ sendSchema }`, true when the environment has no schema yet or a schema of another hash (always
 * in sandbox mode).
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
      // Sandbox mode always asks for the schema: tests expect the agent to upload at each start.
      if (context.mode === 'sandbox') {
        res.json({ sendSchema: true });

        return;
      }
      const hash = checkSchemaHash(
        (req.body as { schemaFileHash?: unknown } | undefined)?.schemaFileHash,
      );
      const stored = await loadEnvironmentSchema(context.db, environmentOf(res).id);
      res.json({ sendSchema: stored?.hash !== hash });
    }),
  );
};
