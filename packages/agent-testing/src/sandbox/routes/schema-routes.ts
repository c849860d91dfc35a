import { Router } from 'express';
import { envSecretOf, requireEnvSecret, type SandboxContext } from '../sandbox-context';
import { schemaFromApimap } from '../sandbox-schema';

/**
 * `POST /forest/apimaps/hashcheck` and `POST /forest/apimaps`: the sandbox always asks for the
 * schema (its store starts empty), then keeps what the agent uploads to derive permissions.
 *
 * @example
 * ```ts
 * app.use(schemaRoutes(context));
 * ```
 */
export function schemaRoutes(context: SandboxContext): Router {
  const router = Router();

  router.post('/forest/apimaps/hashcheck', requireEnvSecret, (_req, res) => {
    res.json({ sendSchema: true });
  });

  router.post('/forest/apimaps', requireEnvSecret, (req, res) => {
    const schema = schemaFromApimap(req.body);
    if (schema === undefined) {
      res
        .status(400)
        .json({ errors: [{ detail: 'The schema must be a JSON:API collections document' }] });

      return;
    }
    context.store.setSchema(envSecretOf(res), schema, req.body);
    context.logger('Debug', `Schema received: ${schema.collections.length} collections`);
    res.status(200).json({});
  });

  return router;
}
