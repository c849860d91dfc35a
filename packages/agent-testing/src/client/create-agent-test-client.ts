import { createAgentClient, type AgentClient, type AgentUserClaims } from '@grove/agent-client';
import { ValidationError } from '@grove/datasource-toolkit';
import type {
  ActionPermissionOverride,
  CollectionPermissionOverride,
  PermissionOverride,
} from '../sandbox/permission-override';
import { Benchmark } from './benchmark';
import { readAgentSchemaFile } from './read-agent-schema-file';
import { createSandboxChannel } from './sandbox-channel';

/** Options of {@link createAgentTestClient} (names as the vendor's kit spells them). */
export interface AgentTestClientOptions {
  /** The env secret the agent runs with: the sandbox environment of this client. */
  readonly agentForestEnvSecret: string;
  /** The agent's auth secret: the client signs the sandbox user's token with it. */
  readonly agentForestAuthSecret: string;
  /** Where the agent is served (without `/forest`), e.g. `http://localhost:3310`. */
  readonly agentUrl: string;
  /** The sandbox URL, which the agent uses as its server URL. */
  readonly serverUrl: string;
  /** The schema file the agent wrote at start (`.grove-schema.json`). */
  readonly agentSchemaPath: string;
  /** IANA timezone of every request (default `Europe/Paris`). */
  readonly timezone?: string;
  /** Claims merged over the sandbox user (id 1, rendering 1, admin). */
  readonly user?: AgentUserClaims;
  /** Abort each request after this many milliseconds (default: no timeout). */
  readonly timeoutMs?: number;
  /**
   * Records also answer to camelCase names (`first_name` read as `firstName`), as with the
   * vendor's test client: non-enumerable aliases, so records still compare with their schema
   * names. Default `true`.
   */
  readonly camelCaseAliases?: boolean;
}

/** Permission helpers of the test client. Overrides merge; each one reaches the running agent. */
export interface PermissionOverrideHelpers {
  /** Sets collection rights (others keep their value), e.g. `{ deleteEnabled: false }`. */
  overrideCollectionPermission(
    collection: string,
    rights: CollectionPermissionOverride,
  ): Promise<void>;
  /** Sets the rights of one action, by its display name. */
  overrideActionPermission(
    collection: string,
    action: string,
    rights: ActionPermissionOverride,
  ): Promise<void>;
  /** Merges a whole override (several collections and actions at once). */
  overridePermissions(override: PermissionOverride): Promise<void>;
  /** Back to "everything allowed". */
  clearPermissionOverride(): Promise<void>;
}

/** What the test client adds to the agent client besides permissions. */
export interface TestClientHelpers {
  /** Times an async function: `benchmark().times(10).run(fn)` (see {@link Benchmark}). */
  benchmark(): Benchmark;
}

/** The agent client plus permission helpers and `benchmark()`. */
export type AgentTestClient = AgentClient & PermissionOverrideHelpers & TestClientHelpers;

const requiredOptions = [
  'agentForestEnvSecret',
  'agentForestAuthSecret',
  'agentUrl',
  'serverUrl',
  'agentSchemaPath',
] as const;

/**
 * Creates the client a test drives an agent with: it reads the agent's schema file, registers it
 * with the sandbox, and returns the agent client (signed as the sandbox's admin user) with
 * permission-override helpers. Create it after the agent has started (the agent writes the file).
 *
 * @example
 * ```ts
 * const client = await createAgentTestClient({
 *   agentForestEnvSecret: process.env.GROVE_ENV_SECRET!,
 *   agentForestAuthSecret: process.env.GROVE_AUTH_SECRET!,
 *   agentUrl: 'http://localhost:3310',
 *   serverUrl: sandbox.url,
 *   agentSchemaPath: './.grove-schema.json',
 * });
 * expect(await client.collection('customers').list()).toHaveLength(15);
 * await client.overrideCollectionPermission('customers', { browseEnabled: false });
 * ```
 */
export async function createAgentTestClient(
  options: AgentTestClientOptions,
): Promise<AgentTestClient> {
  for (const name of requiredOptions) {
    if (typeof options?.[name] !== 'string' || options[name] === '') {
      throw new ValidationError(
        `createAgentTestClient: option "${name}" must be a non-empty string`,
      );
    }
  }

  const schema = await readAgentSchemaFile(options.agentSchemaPath);
  const channel = createSandboxChannel({
    serverUrl: options.serverUrl,
    envSecret: options.agentForestEnvSecret,
  });
  await channel.registerSchema(schema);

  const client = createAgentClient({
    url: options.agentUrl,
    authSecret: options.agentForestAuthSecret,
    schema,
    ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
    ...(options.user === undefined ? {} : { user: options.user }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    camelCaseAliases: options.camelCaseAliases ?? true,
  });
  const helpers: PermissionOverrideHelpers & TestClientHelpers = {
    benchmark: () => new Benchmark(),
    overrideCollectionPermission: (collection, rights) =>
      channel.mergePermissionOverride({ [collection]: { collection: rights } }),
    overrideActionPermission: (collection, action, rights) =>
      channel.mergePermissionOverride({ [collection]: { actions: { [action]: rights } } }),
    overridePermissions: override => channel.mergePermissionOverride(override),
    clearPermissionOverride: () => channel.clearPermissionOverride(),
  };

  // The client keeps its prototype (collection(), charts…); the helpers are own properties.
  return Object.assign(client, helpers);
}

/**
 * The vendor kit's deprecated name of {@link createAgentTestClient}, kept so that ported test
 * files run unchanged.
 *
 * @deprecated Use {@link createAgentTestClient}.
 * @example
 * ```ts
 * const client = await createForestAgentClient(options); // same as createAgentTestClient(options)
 * ```
 */
export const createForestAgentClient = createAgentTestClient;

/** @deprecated The vendor kit's name of {@link AgentTestClient}. */
export type ForestAgentClient = AgentTestClient;
