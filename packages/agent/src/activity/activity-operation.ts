import type { AgentActivityLogEntry } from '@grove/platform-client';
import type { AgentUser } from '@grove/platform-client';

/** Most record ids one log carries (the platform's bound); the label tells the full count. */
export const MAX_LOGGED_RECORD_IDS = 1000;

/** What a route tells the recorder about an operation (the user is added by the recorder). */
export interface ActivityOperation {
  /** The vendor's action names: `index`, `search`, `filter`, `read`, `create`, `update`… */
  readonly action: string;
  readonly collectionName?: string;
  /** Record ids (composite ids joined with `|`); at most 1 000 are sent. */
  readonly recordIds?: readonly string[];
  readonly label?: string;
}

/**
 * The platform entry of an operation run by `user`: the user and their rendering, the source
 * (`ui`, unless the user carries a delegation: a workflow run, a webhook, the public API) and the
 * delegation's token and workflow.
 *
 * @example
 * ```ts
 * toActivityEntry(user, 'write', 'pending', { action: 'update', collectionName: 'books',
 *   recordIds: ['42'], label: 'updated' });
 * ```
 */
export function toActivityEntry(
  user: AgentUser,
  type: 'read' | 'write',
  status: 'pending' | 'completed',
  operation: ActivityOperation,
): AgentActivityLogEntry {
  const { delegation } = user;
  const recordIds = operation.recordIds?.slice(0, MAX_LOGGED_RECORD_IDS);

  return {
    userId: user.id,
    renderingId: user.renderingId ?? 0,
    type,
    action: operation.action,
    status,
    source: delegation?.source ?? 'ui',
    ...(operation.collectionName !== undefined && { collectionName: operation.collectionName }),
    ...(recordIds !== undefined && { recordIds }),
    ...(operation.label !== undefined && { label: operation.label }),
    ...(delegation?.apiTokenId !== undefined && { apiTokenId: delegation.apiTokenId }),
    ...(delegation?.workflowRunId !== undefined && { workflowRunId: delegation.workflowRunId }),
    ...(delegation?.workflowName !== undefined && { workflowName: delegation.workflowName }),
    ...(delegation?.workflowStepName !== undefined && {
      workflowStepName: delegation.workflowStepName,
    }),
  };
}
