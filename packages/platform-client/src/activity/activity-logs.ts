import type { PlatformHttp } from '../http/platform-http';

/** One activity log entry (the flat body of `POST /api/activity-logs-requests/mcp`). */
export interface ActivityLogEntry {
  readonly type: 'read' | 'write';
  readonly action: string;
  readonly label?: string;
  /** Record ids as strings (composite ids as `a|b`). */
  readonly records?: readonly string[];
  readonly renderingId: string | number;
  readonly collectionModelName?: string;
}

/** Who posts the log: the user's platform token, and optionally the application source. */
export interface ActivityLogAuth {
  readonly userToken: string;
  /** Sent as `Forest-Application-Source` (e.g. `MCP`). */
  readonly applicationSource?: string;
}

/** The handle of a created log, needed to set its status. */
export interface ActivityLogHandle {
  readonly id: string;
  readonly index: string;
}

function userHeaders(auth: ActivityLogAuth): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${auth.userToken}` };
  if (auth.applicationSource) headers['forest-application-source'] = auth.applicationSource;

  return headers;
}

/**
 * Creates a pending activity log before an operation runs. If this fails the operation must not
 * run: the error propagates.
 *
 * @example
 * ```ts
 * const log = await postActivityLog(http, { type: 'write', action: 'update', label: 'updated',
 *   records: ['42'], renderingId: 34, collectionModelName: 'books' }, { userToken });
 * ```
 */
export async function postActivityLog(
  http: PlatformHttp,
  entry: ActivityLogEntry,
  auth: ActivityLogAuth,
): Promise<ActivityLogHandle> {
  const answer = await http.request<{ data?: { id?: unknown; attributes?: { index?: unknown } } }>({
    method: 'POST',
    path: '/api/activity-logs-requests/mcp',
    withoutSecret: true,
    headers: userHeaders(auth),
    body: { ...entry, renderingId: String(entry.renderingId), status: 'pending' },
  });

  return { id: String(answer?.data?.id), index: String(answer?.data?.attributes?.index) };
}

/**
 * Marks a log `completed` or `failed`. Never throws: a 404 (the log is not indexed yet) is
 * retried up to 5 attempts `retryDelayMs` apart; other failures are logged by the caller's
 * `onError`.
 *
 * @example
 * ```ts
 * void updateActivityLogStatus(http, log, 'completed', { userToken });
 * ```
 */
export async function updateActivityLogStatus(
  http: PlatformHttp,
  log: ActivityLogHandle,
  status: 'completed' | 'failed',
  auth: ActivityLogAuth & { retryDelayMs?: number; onError?: (error: unknown) => void },
): Promise<void> {
  const path = `/api/activity-logs-requests/${encodeURIComponent(log.index)}/${encodeURIComponent(log.id)}/status`;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    try {
      await http.request({
        method: 'PATCH',
        path,
        withoutSecret: true,
        headers: userHeaders(auth),
        body: { status },
      });

      return;
    } catch (error) {
      const notFound = (error as { code?: unknown }).code === 'NotFoundError';
      if (!notFound || attempt === 5) {
        auth.onError?.(error);

        return;
      }
      await new Promise(resolve => setTimeout(resolve, auth.retryDelayMs ?? 500));
    }
  }
}
