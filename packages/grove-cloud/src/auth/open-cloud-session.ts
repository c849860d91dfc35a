import type { CliDeps } from '../cli/cli-deps';
import type { Reporter } from '../cli/reporter';
import { checkEnvSecret, groveFolder, readServerUrl } from '../config/cloud-variables';
import { BusinessError } from '../errors/business-error';
import { createHostedAgentClient, type HostedAgentClient } from '@grove/platform-client/hosting';
import { deviceLogin } from './device-login';
import { isTokenValid, readStoredToken, storeToken } from './token-store';

/** A checked configuration and a client of the platform, for one command. */
export interface CloudSession {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly token: string;
  readonly client: HostedAgentClient;
}

/** Options of {@link openCloudSession}. */
export interface OpenCloudSessionOptions {
  /** The `--env-secret` option, when the command has one. */
  readonly envSecret?: string;
  /** The command's name, when it has `--env-secret` (for the missing-secret message). */
  readonly command?: string;
}

/**
 * The user's token: `GROVE_AUTH_TOKEN`, else the stored one when still valid, else a device-flow
 * login (stored). With `--json` (CI) there is no interactive login: a missing token fails.
 *
 * @example
 * ```ts
 * const token = await userToken(deps, reporter, serverUrl);
 * ```
 */
export async function userToken(
  deps: CliDeps,
  reporter: Reporter,
  serverUrl: string,
): Promise<string> {
  if (deps.env.GROVE_AUTH_TOKEN) return deps.env.GROVE_AUTH_TOKEN;
  const folder = groveFolder(deps.env, deps.homedir);
  const stored = await readStoredToken(folder);
  if (stored && isTokenValid(stored, deps.now())) return stored;
  if (reporter.json) {
    throw new BusinessError(
      'Missing authentication token. Your TOKEN_PATH is probably wrong on .env file.',
    );
  }
  const token = await deviceLogin(deps, reporter, serverUrl);
  await storeToken(folder, token);
  reporter.info('You are now logged in');

  return token;
}

/**
 * Checks the variables of a command that talks to the platform
 * (docs/platform-protocol.md#cli-variables: the env secret, the server URL), logs in when no valid
 * token exists, and returns the platform client.
 *
 * @example
 * ```ts
 * const { client } = await openCloudSession(deps, reporter, { envSecret, command: 'logs' });
 * ```
 */
export async function openCloudSession(
  deps: CliDeps,
  reporter: Reporter,
  options: OpenCloudSessionOptions = {},
): Promise<CloudSession> {
  const envSecret = checkEnvSecret(options.envSecret ?? deps.env.GROVE_ENV_SECRET, options.command);
  const serverUrl = readServerUrl(deps.env);
  const token = await userToken(deps, reporter, serverUrl);

  return {
    serverUrl,
    envSecret,
    token,
    client: createHostedAgentClient({ fetch: deps.fetch, serverUrl, envSecret, token }),
  };
}
