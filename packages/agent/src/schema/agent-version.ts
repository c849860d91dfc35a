// Inlined by the bundler at build time: the published code never reads package.json at run time.
import { version } from '../../package.json';

/**
 * The version of `@grove/agent`, published as `liana_version` in the schema meta
 * (docs/agent-protocol.md#schema-meta).
 *
 * @example
 * ```ts
 * console.log(`Grove agent ${agentVersion}`); // "Grove agent 0.1.0"
 * ```
 */
export const agentVersion: string = version;
