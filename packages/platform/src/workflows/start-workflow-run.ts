import { GroveError } from '@grove/datasource-toolkit';

import type { PlatformContext } from '../platform-context';

/** Who starts a run, and how. */
export interface WorkflowRunStart {
  readonly workflowId: number;
  readonly recordId: string;
  /** The execution identity: the run acts with this user's rights. */
  readonly user: { readonly id: number; readonly email: string };
  /** The API token that triggered the run (webhook), if any. */
  readonly apiTokenId?: number;
  readonly source: 'ui' | 'api' | 'webhook' | 'mcp';
}

/**
 * Starts a run of a workflow on one record and answers its id at once; the steps run in the
 * background, in order, through the environment's agent, as `user`.
 *
 * IN PROGRESS (issue 14): the runner is being built; until then every start is refused.
 *
 * @example
 * ```ts
 * const { runId } = await startWorkflowRun(context, { workflowId, recordId: '42', user, source: 'webhook' });
 * ```
 */
export async function startWorkflowRun(
  _context: PlatformContext,
  _start: WorkflowRunStart,
): Promise<{ runId: string }> {
  throw new GroveError('ServiceUnavailableError', 'Workflow runs are not available yet');
}
