import { mcpToolCallKind } from './mcp-tool-call-kind';
import { publicApiLogPageKind } from './public-api-log-page-kind';
import type { StackKind } from './stack-kind';
import type { GroveStack } from './start-grove-stack';

/**
 * The Grove-only kinds on a running stack, in the table's order (the public API's page reads
 * the stack's environment).
 *
 * @example
 * ```ts
 * stackKinds(stack).map(kind => kind.name); // ['MCP tool call', 'public API log page']
 * ```
 */
export function stackKinds(stack: Pick<GroveStack, 'platform' | 'platformDb'>): StackKind[] {
  const { ready } = stack.platform;

  return [
    mcpToolCallKind,
    publicApiLogPageKind({
      projectName: ready.projectName,
      environmentName: ready.environmentName,
      environmentId: ready.environmentId,
      platformDb: stack.platformDb,
    }),
  ];
}
