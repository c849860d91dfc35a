import type { PlatformContext } from '../platform-context';
import { freeStaleWorkflowRuns } from './free-stale-workflow-runs';

/** How often a platform process looks for runs left active by a process that is gone. */
export const WORKFLOW_RUN_SWEEP_INTERVAL_MS = 60_000;

/**
 * Frees the runs a previous process left active (at once, awaited: the platform starts with no
 * stale run), then every minute, so that no run stays active forever — a platform process that
 * dies mid-run is noticed by the others, or by itself once restarted. Stopped when the platform
 * closes.
 *
 * @example
 * ```ts
 * await startWorkflowRunSweeper(context);
 * ```
 */
export async function startWorkflowRunSweeper(context: PlatformContext): Promise<void> {
  const sweep = async () => {
    const freed = await freeStaleWorkflowRuns(context.db);
    if (freed > 0)
      context.logger('Warn', `${freed} workflow run(s) left active were ended as failed`);
  };
  await sweep();
  const timer = setInterval(() => {
    sweep().catch(error => context.logger('Error', 'Could not free stale workflow runs', error));
  }, WORKFLOW_RUN_SWEEP_INTERVAL_MS);
  timer.unref();
  context.onClose(() => clearInterval(timer));
}
