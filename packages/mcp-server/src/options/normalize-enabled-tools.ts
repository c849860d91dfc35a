import type { Logger } from '@grove/datasource-toolkit';

import { MCP_TOOL_NAMES } from '../tools/mcp-tool-context';
import type { McpToolName } from '../tools/mcp-tool-context';

/**
 * The `enabledTools` option (docs/mcp.md#enabled-tools): omitted → every tool; given → a strict
 * allowlist, `describeCollection` always added (with a warning when it was not listed), unknown
 * names ignored with a warning naming them.
 *
 * @example
 * ```ts
 * normalizeEnabledTools(['list', 'nope'], logger); // ['describeCollection', 'list'], warns about `nope`
 * ```
 */
export function normalizeEnabledTools(
  enabledTools: readonly string[] | undefined,
  logger: Logger,
): readonly McpToolName[] | undefined {
  if (enabledTools === undefined) return undefined;
  const known = new Set<string>(MCP_TOOL_NAMES);
  const unknown = enabledTools.filter(name => !known.has(name));
  if (unknown.length > 0) {
    logger(
      'Warn',
      `Unknown tool names in enabledTools: ${unknown.join(', ')}. These will be ignored.`,
    );
  }
  if (!enabledTools.includes('describeCollection')) {
    logger('Warn', 'describeCollection was automatically enabled: every other tool relies on it.');
  }
  const listed = new Set(enabledTools);

  return MCP_TOOL_NAMES.filter(name => name === 'describeCollection' || listed.has(name));
}
