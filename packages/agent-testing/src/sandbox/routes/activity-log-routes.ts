import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../sandbox-context';

const statuses = new Set(['pending', 'completed', 'failed']);

/**
 * Activity logs (the JSON:API and the MCP variants) and their status updates. They are kept in
 * memory so tests can read them back through `sandbox.activityLogs()`.
 *
 * @example
 * ```ts
 * app.use(activityLogRoutes(context));
 * ```
 */
export function activityLogRoutes(context: SandboxContext): Router {
  const router = Router();

  const create = (req: Request, res: Response): void => {
    if (!req.get('authorization')?.startsWith('Bearer ')) {
      res.status(401).json({ errors: [{ detail: 'Missing the Bearer user token' }] });

      return;
    }
    const log = context.store.addActivityLog(req.body);
    res
      .status(200)
      .json({ data: { id: log.id, type: 'activity-logs', attributes: { index: 'sandbox' } } });
  };
  router.post('/api/activity-logs-requests', create);
  router.post('/api/activity-logs-requests/mcp', create);

  router.patch('/api/activity-logs-requests/:index/:id/status', (req, res) => {
    const log = context.store.findActivityLog(req.params.id);
    const status: unknown = req.body?.status;
    if (log === undefined) {
      res.status(404).json({ errors: [{ detail: `No activity log ${req.params.id}` }] });
    } else if (typeof status !== 'string' || !statuses.has(status)) {
      res.status(400).json({ errors: [{ detail: 'status must be pending, completed or failed' }] });
    } else {
      log.status = status;
      res.status(204).end();
    }
  });

  return router;
}
