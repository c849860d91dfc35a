/** How long the platform waits for the agent to run one step. */
export const WORKFLOW_STEP_TIMEOUT_MS = 30_000;

/** Most bytes of an agent's answer the platform reads (to find its error message). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** What one action call asks the agent. */
export interface AgentActionCall {
  readonly agentUrl: string;
  /** The action's `endpoint` in the stored schema (`/forest/_actions/orders/0/refund`). */
  readonly endpoint: string;
  /** The action's schema `id` (`orders-0-refund`), sent as `smart_action_id`. */
  readonly actionId: string;
  readonly collectionName: string;
  readonly recordId: string;
  readonly values: Readonly<Record<string, unknown>>;
  /** The delegated token (`Authorization: Bearer`). */
  readonly token: string;
  /** Aborts the call (the platform is closing). */
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** How an action call ended: `error` is the agent's message, or why the agent was not reached. */
export type AgentActionOutcome =
  { readonly ok: true } | { readonly ok: false; readonly error: string };

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_ANSWER_BYTES) {
      await reader.cancel();
      break;
    }
  }

  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/** The message of an agent's error answer: `{ error }` (action error) or `{ errors: [{ detail }] }`. */
function errorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; errors?: Array<{ detail?: unknown }> };
    const detail = typeof body.error === 'string' ? body.error : body.errors?.[0]?.detail;
    if (typeof detail === 'string' && detail !== '') return `${status}: ${detail.slice(0, 1000)}`;
  } catch {
    // Not JSON: the status says enough.
  }

  return `The agent answered ${status}`;
}

/**
 * Runs one action on one record through the environment's agent, exactly as a frontend does
 * (docs/agent-protocol.md#execute): `POST <agentUrl><endpoint>?timezone=UTC` with a
 * `custom-action-requests` body selecting the record by id, and the delegated token. Never throws:
 * a 2xx is a success, any other answer a failure with the agent's message, and so are a network
 * error and the timeout.
 *
 * @example
 * ```ts
 * const outcome = await callAgentAction({ agentUrl, endpoint, actionId, collectionName,
 *   recordId: '42', values: {}, token });
 * ```
 */
export async function callAgentAction(call: AgentActionCall): Promise<AgentActionOutcome> {
  const controller = new AbortController();
  const timeoutMs = call.timeoutMs ?? WORKFLOW_STEP_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort);
  try {
    const url = `${call.agentUrl.replace(/\/+$/, '')}${call.endpoint}?timezone=UTC`;
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'error',
      signal: controller.signal,
      headers: { authorization: `Bearer ${call.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          type: 'custom-action-requests',
          attributes: {
            collection_name: call.collectionName,
            ids: [call.recordId],
            values: call.values,
            all_records: false,
            all_records_ids_excluded: [],
            all_records_subset_query: {},
            smart_action_id: call.actionId,
            parent_collection_name: null,
            parent_collection_id: null,
            parent_association_name: null,
            signed_approval_request: null,
          },
        },
      }),
    });
    const text = await readBounded(response);
    if (response.ok) return { ok: true };

    return { ok: false, error: errorMessage(response.status, text) };
  } catch (error) {
    if (call.signal?.aborted) return { ok: false, error: 'The platform stopped during the step' };
    if (controller.signal.aborted) {
      return { ok: false, error: `The agent did not answer within ${timeoutMs / 1000} s` };
    }

    return {
      ok: false,
      error: `The agent could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}
