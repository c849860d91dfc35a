import { isAgentClientError } from '@grove/agent-client';

/**
 * The message a failed tool call shows the model: an agent answer as its detail followed by
 * ` (HTTP <status>)`, another error as its message.
 *
 * @example
 * ```ts
 * describeToolError(forbidden); // "You don't have permission to browse this collection. (HTTP 403)"
 * ```
 */
export function describeToolError(error: unknown): string {
  if (isAgentClientError(error)) {
    return error.status === 0 ? error.message : `${error.message} (HTTP ${error.status})`;
  }
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
