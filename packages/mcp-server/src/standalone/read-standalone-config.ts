import { ValidationError } from '@grove/datasource-toolkit';
import { httpUrl } from '@grove/platform-client/hosting';

import type { McpRouterOptions } from '../options/mcp-router-options';
import { normalizeAllowedClients } from '../options/normalize-allowed-clients';

/**
 * The standalone server's configuration, read from the environment variables
 * (docs/mcp.md#standalone-server).
 */
export interface StandaloneConfig {
  readonly port: number;
  readonly router: McpRouterOptions;
}

/** The default port of the standalone server. */
export const DEFAULT_MCP_SERVER_PORT = 3931;

const fail = (variable: string, message: string) => new ValidationError(`${variable} ${message}`);

function url(env: NodeJS.ProcessEnv, variable: string, originOnly: boolean): string | undefined {
  const value = env[variable]?.trim();
  if (value === undefined || value === '') return undefined;
  const parsed = httpUrl(value);
  if (!parsed) {
    throw fail(
      variable,
      URL.canParse(value) ? `must be an http(s) URL: "${value}".` : `is not a URL: "${value}".`,
    );
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw fail(variable, `must not carry credentials, a query or a fragment: "${value}".`);
  }
  if (originOnly && parsed.pathname !== '/') {
    throw fail(variable, `must be an origin only (no path): "${value}".`);
  }

  return value.replace(/\/+$/, '');
}

function seconds(env: NodeJS.ProcessEnv, variable: string): number | undefined {
  const value = env[variable];
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) <= 0) {
    throw fail(variable, `must be a positive integer number of seconds, not "${value}".`);
  }

  return Number(value);
}

function list(env: NodeJS.ProcessEnv, variable: string): string[] | undefined {
  const value = env[variable];
  if (value === undefined || value.trim() === '') return undefined;

  return value.split(',').map(item => item.trim());
}

/**
 * Reads and checks the standalone server's variables: `GROVE_SERVER_URL`, `GROVE_ENV_SECRET`
 * (required), `GROVE_AUTH_SECRET` (optional, ≥ 32 characters when set; MCP tokens never use it),
 * `GROVE_MCP_SERVER_URL` (public origin, default `http://localhost:<port>`), `GROVE_AGENT_URL`
 * (default the environment's agent URL), `GROVE_MCP_ENABLED_TOOLS`,
 * `GROVE_MCP_ALLOWED_OAUTH_CLIENTS`, `GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS`,
 * `GROVE_MCP_REFRESH_TOKEN_TTL_SECONDS` and `MCP_SERVER_PORT` (3931). A bad value is an error
 * naming its variable.
 *
 * @example
 * ```ts
 * const { port, router } = readStandaloneConfig(process.env);
 * ```
 */
export function readStandaloneConfig(env: NodeJS.ProcessEnv): StandaloneConfig {
  const serverUrl = url(env, 'GROVE_SERVER_URL', false);
  if (!serverUrl) throw fail('GROVE_SERVER_URL', 'is not set: the platform URL is required.');
  const envSecret = env.GROVE_ENV_SECRET?.trim() ?? '';
  if (!/^[0-9a-f]{64}$/i.test(envSecret)) {
    throw fail('GROVE_ENV_SECRET', 'must be the environment secret (64 hexadecimal characters).');
  }
  const authSecret = env.GROVE_AUTH_SECRET;
  if (authSecret !== undefined && authSecret.length < 32) {
    throw fail('GROVE_AUTH_SECRET', 'must be at least 32 characters long.');
  }
  const rawPort = env.MCP_SERVER_PORT?.trim();
  const port = rawPort === undefined || rawPort === '' ? DEFAULT_MCP_SERVER_PORT : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d*$/.test(rawPort ?? '')) {
    throw fail('MCP_SERVER_PORT', `must be an integer between 0 and 65535, not "${rawPort}".`);
  }
  const publicUrl = url(env, 'GROVE_MCP_SERVER_URL', true);
  if (port === 0 && !publicUrl) {
    throw fail('MCP_SERVER_PORT', '0 needs GROVE_MCP_SERVER_URL (the URL clients reach).');
  }
  let allowedOAuthClients: readonly string[] | undefined;
  try {
    allowedOAuthClients = normalizeAllowedClients(list(env, 'GROVE_MCP_ALLOWED_OAUTH_CLIENTS'));
  } catch (error) {
    throw fail('GROVE_MCP_ALLOWED_OAUTH_CLIENTS', `is invalid: ${(error as Error).message}`);
  }
  const enabledTools = list(env, 'GROVE_MCP_ENABLED_TOOLS')?.filter(tool => tool !== '');
  const accessTokenSeconds = seconds(env, 'GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS');
  const refreshTokenSeconds = seconds(env, 'GROVE_MCP_REFRESH_TOKEN_TTL_SECONDS');
  const agentUrl = url(env, 'GROVE_AGENT_URL', false);

  return {
    port,
    router: {
      serverUrl,
      envSecret,
      publicUrl: publicUrl ?? `http://localhost:${port}`,
      ...(agentUrl === undefined ? {} : { agentUrl }),
      ...(enabledTools === undefined ? {} : { enabledTools }),
      ...(allowedOAuthClients === undefined ? {} : { allowedOAuthClients }),
      tokenTtl: {
        ...(accessTokenSeconds === undefined ? {} : { accessTokenSeconds }),
        ...(refreshTokenSeconds === undefined ? {} : { refreshTokenSeconds }),
      },
    },
  };
}
