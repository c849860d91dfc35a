import type { PlatformHttp } from '../http/platform-http';

/** Where an agent operation came from. */
export type AgentActivitySource = 'ui' | 'mcp' | 'webhook' | 'api';

/**
 * One entry of `POST /liana/v1/activity-logs` (Grove's addition,
 * docs/platform-protocol.md#agent-activity-logs): an operation an agent ran (or is about to run)
 * for a user, through one of their renderings.
 */
export interface AgentActivityLogEntry {
  readonly userId: number;
  readonly renderingId: number;
  readonly type: 'read' | 'write';
  /** The vendor's action names: `index`, `search`, `filter`, `read`, `create`, `update`… */
  readonly action: string;
  readonly collectionName?: string;
  /** Record ids as strings (composite ids as `a|b`), at most 1 000. */
  readonly recordIds?: readonly string[];
  readonly label?: string;
  readonly source: AgentActivitySource;
  /** `pending` before a write runs; `completed` for reads (logged after they ran). */
  readonly status: 'pending' | 'completed';
  readonly workflowRunId?: string;
  readonly workflowName?: string;
  readonly workflowStepName?: string;
  readonly apiTokenId?: number;
}

/** Most entries of one call. */
export const MAX_AGENT_ACTIVITY_LOGS = 500;

/**
 * Stores 1 to 500 activity logs for the agent's environment (env secret auth), all or nothing,
 * and answers their ids in order. Throws the platform's error (a `GroveError`: 400 bad entry,
 * 401 wrong env secret, 403 a user not of the rendering's team) or an unreachable error.
 * Not idempotent (the platform would store the entries twice): sent again only when it never
 * reached the platform (docs/platform-protocol.md#timeouts-and-retries).
 *
 * @example
 * ```ts
 * const [id] = await postAgentActivityLogs(http, [{ userId: 3, renderingId: 7, type: 'write',
 *   action: 'update', collectionName: 'books', recordIds: ['42'], label: 'updated',
 *   source: 'ui', status: 'pending' }]);
 * ```
 */
export async function postAgentActivityLogs(
  http: PlatformHttp,
  entries: readonly AgentActivityLogEntry[],
  options: { readonly timeoutMs?: number } = {},
): Promise<string[]> {
  const answer = await http.request<{ data?: Array<{ id?: unknown }> }>({
    method: 'POST',
    path: '/liana/v1/activity-logs',
    body: { logs: entries },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const data = Array.isArray(answer?.data) ? answer.data : [];

  return data.map(item => String(item?.id));
}

/**
 * Marks a pending log of the agent's environment `completed` or `failed` (env secret auth).
 * Throws on failure (404: no such log here; 409: not pending anymore); retrying is the caller's.
 *
 * @example
 * ```ts
 * await setAgentActivityLogStatus(http, id, 'completed');
 * ```
 */
export async function setAgentActivityLogStatus(
  http: PlatformHttp,
  id: string,
  status: 'completed' | 'failed',
): Promise<void> {
  await http.request({
    method: 'PATCH',
    path: `/liana/v1/activity-logs/${encodeURIComponent(id)}/status`,
    body: { status },
  });
}

/** A final status for a pending agent activity log. */
export interface AgentActivityLogStatusUpdate {
  readonly id: string;
  readonly status: 'completed' | 'failed';
}

/**
 * What the platform did with one update of {@link setAgentActivityLogStatuses}: `updated`, or
 * left it because no log of this id is in the environment (`not_found`) or the log is no longer
 * pending (`not_pending`).
 */
export type AgentActivityLogStatusOutcome = 'updated' | 'not_found' | 'not_pending';

/**
 * Sets the final status of 1 to 500 pending logs of the agent's environment in one call
 * (`PATCH /liana/v1/activity-logs/status`, env secret auth) and answers what happened to each,
 * in order. An update that cannot apply does not fail the others; the call itself throws the
 * platform's error (400 bad body, 401 wrong env secret, 404 from a platform without the route)
 * or an unreachable error.
 *
 * @example
 * ```ts
 * const outcomes = await setAgentActivityLogStatuses(http, [
 *   { id: '12', status: 'completed' },
 *   { id: '13', status: 'failed' },
 * ]); // ['updated', 'updated']
 * ```
 */
export async function setAgentActivityLogStatuses(
  http: PlatformHttp,
  updates: readonly AgentActivityLogStatusUpdate[],
): Promise<AgentActivityLogStatusOutcome[]> {
  const answer = await http.request<{ data?: Array<{ outcome?: unknown }> }>({
    method: 'PATCH',
    path: '/liana/v1/activity-logs/status',
    body: { logs: updates },
  });
  const data = Array.isArray(answer?.data) ? answer.data : [];

  return updates.map((_update, index) => {
    const outcome = data[index]?.outcome;

    return outcome === 'updated' || outcome === 'not_pending' ? outcome : 'not_found';
  });
}

/**
 * Whether the platform takes agent activity logs (docs/decisions.md#d31-platforms-without-agent-activity-logs):
 * sends `POST /liana/v1/activity-logs` with no entry, which stores nothing. A 404 means the route
 * does not exist (the vendor's platform): `false`. Any other answer (Grove's platform answers 400,
 * one to 500 entries) means it does: `true`. No answer at all: `undefined`, unknown yet.
 *
 * @example
 * ```ts
 * if ((await probeAgentActivityLogs(http)) === false) logger('Warn', 'no audit logs here');
 * ```
 */
export async function probeAgentActivityLogs(http: PlatformHttp): Promise<boolean | undefined> {
  try {
    await http.request({ method: 'POST', path: '/liana/v1/activity-logs', body: { logs: [] } });

    return true;
  } catch (error) {
    const status = (error as { data?: { status?: unknown } } | null)?.data?.status;

    return typeof status === 'number' ? status !== 404 : undefined;
  }
}
