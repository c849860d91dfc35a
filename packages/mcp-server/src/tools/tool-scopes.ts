import type { McpScope } from '../auth/mcp-caller';
import type { McpToolName } from './mcp-tool-context';

/**
 * The scope each tool needs in the caller's access token: reads `mcp:read`, writes `mcp:write`,
 * actions `mcp:action` (Grove enforces them per tool).
 *
 * @example
 * ```ts
 * MCP_TOOL_SCOPES.delete; // 'mcp:write'
 * ```
 */
export const MCP_TOOL_SCOPES: Readonly<Record<McpToolName, McpScope>> = {
  describeCollection: 'mcp:read',
  list: 'mcp:read',
  listRelated: 'mcp:read',
  getActionForm: 'mcp:read',
  create: 'mcp:write',
  update: 'mcp:write',
  delete: 'mcp:write',
  associate: 'mcp:write',
  dissociate: 'mcp:write',
  executeAction: 'mcp:action',
};
