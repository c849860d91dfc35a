import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A successful tool result: the structured content (checked against the tool's output schema)
 * and its JSON text, for clients that only read text.
 *
 * @example
 * ```ts
 * return toolResult({ deletedCount: 2 });
 * // { content: [{ type: 'text', text: '{"deletedCount":2}' }], structuredContent: { deletedCount: 2 } }
 * ```
 */
export function toolResult(structuredContent: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
  };
}

/**
 * A failed tool result (`isError: true`): the model reads the message and may correct its call.
 *
 * @example
 * ```ts
 * return toolError('This tool needs the scope "mcp:write"');
 * ```
 */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
