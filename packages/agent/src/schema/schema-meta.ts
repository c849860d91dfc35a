import type { SchemaMeta } from './agent-schema';
import { agentVersion } from './agent-version';

/**
 * The meta of the schema (docs/agent-protocol.md#schema-meta): Grove's own liana name and version,
 * and the Node.js version running the agent. Always rebuilt, also when the collections come from
 * the file.
 *
 * @example
 * ```ts
 * buildSchemaMeta();
 * // { liana: 'grove-agent', liana_version: '0.1.0', liana_features: null,
 * //   stack: { engine: 'nodejs', engine_version: '20.19.0' } }
 * ```
 */
export function buildSchemaMeta(): SchemaMeta {
  return {
    liana: 'grove-agent',
    liana_version: agentVersion,
    liana_features: null,
    stack: { engine: 'nodejs', engine_version: process.versions.node },
  };
}
