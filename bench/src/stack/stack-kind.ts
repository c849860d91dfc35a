import type { RequestKind } from '../requests/request-kind';

/** The Grove-only kinds (the vendor's published agent has neither), in the table's order. */
export const stackKindNames = ['MCP tool call', 'public API log page'] as const;

/** A Grove-only kind's name. */
export type StackKindName = (typeof stackKindNames)[number];

/**
 * A kind served by the Grove stack: by the agent (the MCP server mounted in it) or by the
 * platform (the public API). The process that serves it is the one measured, and its raw query
 * runs on that process's database (the shop, or the platform's own).
 *
 * @example
 * ```ts
 * const pid = kind.servedBy === 'platform' ? stack.platform.pid : stack.agent.pid;
 * ```
 */
export interface StackKind extends RequestKind {
  readonly name: StackKindName;
  readonly servedBy: 'agent' | 'platform';
}
