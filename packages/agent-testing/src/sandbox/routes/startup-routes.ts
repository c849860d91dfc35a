import { Router } from 'express';
import { requireEnvSecret } from '../sandbox-context';

/**
 * What an agent fetches at (re)start besides the schema: the IP whitelist (disabled; a start
 * fails without this route) and the no-code model customizations (none).
 *
 * @example
 * ```ts
 * app.use(startupRoutes());
 * ```
 */
export function startupRoutes(): Router {
  const router = Router();

  router.get('/liana/v1/ip-whitelist-rules', requireEnvSecret, (_req, res) => {
    res.json({
      data: {
        type: 'ip-whitelist-rules',
        id: '1',
        attributes: { use_ip_whitelist: false, rules: [] },
      },
    });
  });

  router.get('/liana/model-customizations', requireEnvSecret, (_req, res) => {
    res.json([]);
  });

  router.get('/liana/mcp-server-configs-with-details', requireEnvSecret, (_req, res) => {
    res.json({});
  });

  return router;
}
