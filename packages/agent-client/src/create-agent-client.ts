import { ValidationError } from '@grove/datasource-toolkit';
import { AgentClient } from './agent-client';
import { defaultAgentUser, withClaimTwins } from './auth/agent-user';
import type { AgentUserClaims } from './auth/agent-user';
import { signUserToken } from './auth/sign-user-token';
import { AgentHttp } from './http/agent-http';
import { readAgentSchema } from './schema/agent-schema';
import { SchemaIndex } from './schema/schema-index';

/** Options of {@link createAgentClient}. */
export interface AgentClientOptions {
  /**
   * Where the agent is served, without the `/forest` mount point: `http://localhost:3310`, or
   * `http://host/api/v1` for an agent mounted with prefix `api/v1`. A URL already ending with
   * `prefix` is used as is.
   */
  readonly url: string;
  /** The mount point appended to `url` (default `/forest`). */
  readonly prefix?: string;
  /** The agent's auth secret: the client signs its user token with it (HS256, 1 hour, renewed). */
  readonly authSecret?: string;
  /** Claims of the signed user, merged over {@link defaultAgentUser} (snake_case twins added). */
  readonly user?: AgentUserClaims;
  /** A ready session token, instead of `authSecret`. */
  readonly token?: string;
  /** IANA timezone sent with every request (default `Europe/Paris`, like the vendor's test client). */
  readonly timezone?: string;
  /**
   * The agent schema (`.grove-schema.json` content, or the JSON:API form agents upload). Needed
   * for actions (their endpoints and static forms), projections of related lists and CSV exports
   * without `fields`.
   */
  readonly schema?: unknown;
  /** Extra headers on every request (e.g. `Forest-Context-Url`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Abort requests after this many milliseconds (default: no timeout). */
  readonly timeoutMs?: number;
  /**
   * Also expose record keys in camelCase (`first_name` → `firstName`), as non-enumerable aliases,
   * for tests ported from the vendor's test client (default `false`).
   */
  readonly camelCaseAliases?: boolean;
  /** The fetch implementation (default: Node's global `fetch`). */
  readonly fetch?: typeof fetch;
}

function joinUrl(url: string, prefix: string): string {
  const base = url.replace(/\/+$/, '');
  const mount = `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  if (mount === '/') return base;

  return base.endsWith(mount) ? base : `${base}${mount}`;
}

function tokenProvider(options: AgentClientOptions): () => Promise<string> {
  const { token, authSecret } = options;
  if (token !== undefined) return () => Promise.resolve(token);
  if (authSecret === undefined || authSecret === '') {
    throw new ValidationError(
      'createAgentClient needs `authSecret` (to sign a user token) or `token`',
    );
  }
  const user = withClaimTwins({ ...defaultAgentUser, ...options.user });
  let current: Promise<string> = Promise.resolve('');
  let expiresAt = 0;

  // Re-sign a minute before expiry so that long test suites never send an expired token.
  return () => {
    if (Date.now() >= expiresAt - 60_000) {
      current = signUserToken({ authSecret, user });
      expiresAt = Date.now() + 3_600_000;
    }

    return current;
  };
}

/**
 * Creates a client of a running agent. It signs a user token with the auth secret (or uses the
 * given token) and sends it with the timezone on every request.
 *
 * @example
 * ```ts
 * const client = createAgentClient({
 *   url: 'http://localhost:3310',
 *   authSecret: process.env.GROVE_AUTH_SECRET!,
 *   schema: JSON.parse(readFileSync('.grove-schema.json', 'utf8')),
 * });
 * const count = await client.collection('customers').count();
 * ```
 */
export function createAgentClient(options: AgentClientOptions): AgentClient {
  const http = new AgentHttp({
    baseUrl: joinUrl(options.url, options.prefix ?? '/forest'),
    timezone: options.timezone ?? 'Europe/Paris',
    getToken: tokenProvider(options),
    fetch: options.fetch ?? globalThis.fetch,
    headers: options.headers ?? {},
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const schema = options.schema === undefined ? undefined : readAgentSchema(options.schema);

  return new AgentClient(http, new SchemaIndex(schema), {
    camelCaseAliases: options.camelCaseAliases === true,
  });
}
