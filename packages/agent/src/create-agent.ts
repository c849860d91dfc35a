import type { TSchema, TUntypedSchema } from '@grove/datasource-customizer';
import { Agent } from './agent/agent';
import type { AgentOptions } from './options/agent-options';

/**
 * Creates an agent. Secrets are checked at once (missing or too short → `ValidationError`); the
 * platform URL is read at `start()` (the `serverUrl` option, else `GROVE_SERVER_URL`).
 *
 * @example
 * ```ts
 * import { createAgent } from '@grove/agent';
 * import { createSqlDataSource } from '@grove/datasource-sql';
 *
 * const agent = createAgent({
 *   authSecret: process.env.GROVE_AUTH_SECRET!,
 *   envSecret: process.env.GROVE_ENV_SECRET!,
 *   isProduction: process.env.NODE_ENV === 'production',
 * }).addDataSource(createSqlDataSource(process.env.DATABASE_URL!));
 *
 * agent.mountOnStandaloneServer(3351);
 * await agent.start();
 * ```
 */
export function createAgent<S extends TSchema = TUntypedSchema>(options: AgentOptions): Agent<S> {
  return new Agent<S>(options);
}
