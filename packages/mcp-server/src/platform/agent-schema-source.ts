import { readAgentSchema } from '@grove/agent-client';
import type { AgentSchema } from '@grove/agent-client';
import type { Logger } from '@grove/datasource-toolkit';

import type { McpPlatform } from './mcp-platform';

/** How long a schema read from the platform is kept before it is read again. */
const SCHEMA_TTL_MS = 5 * 60 * 1000;

/**
 * The agent's schema as the tools read it, fetched from the platform (`/liana/forest-schema`)
 * on first use and kept five minutes; until one is available (the agent has not uploaded it
 * yet, or the platform is unreachable) the tools run degraded (free collection names) and the
 * next call tries again. A schema read again that has not changed is the same object as before,
 * so that what is built from it (the tools' schemas) is kept.
 *
 * @example
 * ```ts
 * const schemaOf = agentSchemaSource(platform, logger);
 * registerMcpTools(server, context, { schema: await schemaOf() });
 * ```
 */
export function agentSchemaSource(
  platform: Pick<McpPlatform, 'schema'>,
  logger: Logger,
): () => Promise<AgentSchema | undefined> {
  let cached: { at: number; text: string; schema: AgentSchema } | undefined;
  let warned = false;

  return async () => {
    if (cached && Date.now() - cached.at < SCHEMA_TTL_MS) return cached.schema;
    try {
      const raw = await platform.schema();
      const text = JSON.stringify(raw);
      const schema = cached?.text === text ? cached.schema : readAgentSchema(raw);
      cached = { at: Date.now(), text, schema };
      warned = false;

      return schema;
    } catch {
      if (!warned) {
        logger('Warn', 'The agent schema could not be read from the platform; running degraded.');
        warned = true;
      }

      return cached?.schema;
    }
  };
}
