import type { AgentClient } from '@grove/agent-client';
import type { Logger } from '@grove/datasource-toolkit';

import type { McpCaller } from '../auth/mcp-caller';

/**
 * An approval request for an action the caller may not run alone (docs/mcp.md#approval-requests).
 */
export interface McpApprovalRequest {
  readonly collectionName: string;
  readonly actionName: string;
  readonly recordIds: readonly string[];
  readonly inputs: ReadonlyArray<{ readonly name: string; type: string; value: unknown }>;
  readonly reasoning?: string;
}

/** What a tool call works with: who calls, and the agent as that user. */
export interface McpToolContext {
  readonly caller: McpCaller;
  /**
   * The agent, as the caller: an agent client whose requests carry a delegated token of the
   * caller (signed with the env secret, `grove_delegation.source: 'mcp'`), so the agent checks
   * the user's rights, scopes and validation and logs the operation with source `mcp`.
   */
  readonly agent: AgentClient;
  readonly logger: Logger;
  /**
   * Files an approval request on the platform as the caller (their access token and rendering),
   * when the agent answers that an action needs one. Without it, such an action is a tool error.
   */
  readonly requestApproval?: (request: McpApprovalRequest) => Promise<{ id: string }>;
}

/** The names of the ten tools (docs/mcp.md#tools). */
export const MCP_TOOL_NAMES = [
  'describeCollection',
  'list',
  'listRelated',
  'create',
  'update',
  'delete',
  'associate',
  'dissociate',
  'getActionForm',
  'executeAction',
] as const;

/** One tool name. */
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];
