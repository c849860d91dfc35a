import { Router } from 'express';
import { validatePermissionOverride, type PermissionOverride } from '../permission-override';
import {
  envSecretOf,
  refreshPermissions,
  requireEnvSecret,
  type SandboxContext,
} from '../sandbox-context';
import { schemaFromSchemaFile } from '../sandbox-schema';

/**
 * The test client's channel (agents never call it): `POST /agent-schema` registers the schema
 * file, `POST /permission-override` merges an override, `DELETE /permission-override` clears it.
 * Every override change tells the running agents to drop their permission caches.
 *
 * @example
 * ```ts
 * await fetch(`${sandboxUrl}/permission-override`, { method: 'DELETE', headers: { 'forest-secret-key': env } });
 * ```
 */
export function testKitRoutes(context: SandboxContext): Router {
  const router = Router();

  router.post('/agent-schema', requireEnvSecret, (req, res) => {
    const schema = schemaFromSchemaFile(req.body);
    if (schema === undefined) {
      res
        .status(400)
        .json({ errors: [{ detail: 'The schema must be { collections: [{ name }] }' }] });

      return;
    }
    context.store.setSchema(envSecretOf(res), schema, req.body);
    res.status(200).json({ collections: schema.collections.length });
  });

  router.get('/permission-override', requireEnvSecret, (_req, res) => {
    res.json(context.store.environment(envSecretOf(res)).override);
  });

  router.post('/permission-override', requireEnvSecret, async (req, res) => {
    const error = validatePermissionOverride(req.body);
    if (error !== undefined) {
      res.status(400).json({ errors: [{ detail: `Invalid permission override: ${error}` }] });

      return;
    }
    const envSecret = envSecretOf(res);
    // `{}` clears, as the vendor's test client does; anything else merges.
    const body = req.body as PermissionOverride;
    if (Object.keys(body).length === 0) context.store.clearOverride(envSecret);
    const override = context.store.mergeOverride(envSecret, body);
    await refreshPermissions(context, envSecret);
    res.json(override);
  });

  router.delete('/permission-override', requireEnvSecret, async (_req, res) => {
    const envSecret = envSecretOf(res);
    context.store.clearOverride(envSecret);
    await refreshPermissions(context, envSecret);
    res.json({});
  });

  return router;
}
