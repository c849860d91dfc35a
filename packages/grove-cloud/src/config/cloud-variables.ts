import { join } from 'node:path';
import { isHttpUrl } from '@grove/platform-client/hosting';
import { BusinessError } from '../errors/business-error';

/** The platform's default URL (its default port). */
export const defaultServerUrl = 'http://localhost:3352';

/** Where the login token is kept, under `TOKEN_PATH` (default: the home folder). */
export function groveFolder(env: Readonly<Record<string, string | undefined>>, homedir: string) {
  return join(env.TOKEN_PATH || homedir, '.grove.d');
}

/**
 * `GROVE_SERVER_URL` (default `http://localhost:3352`), checked: an `http://` or `https://` URL,
 * without its trailing slash.
 *
 * @example
 * ```ts
 * const serverUrl = readServerUrl(deps.env); // 'http://localhost:3352'
 * ```
 */
export function readServerUrl(env: Readonly<Record<string, string | undefined>>): string {
  return checkUrl('GROVE_SERVER_URL', env.GROVE_SERVER_URL ?? defaultServerUrl);
}

/** Checks a URL variable with the sheet's messages (docs/platform-protocol.md#cli-variables). */
export function checkUrl(name: string, value: string | undefined): string {
  if (!value) throw new BusinessError(`Missing ${name}. Please check your .env file.`);
  if (!isHttpUrl(value)) {
    try {
      new URL(value);
    } catch (error) {
      const reason = (error as { message?: string } | null)?.message ?? String(error);
      throw new BusinessError(`${name} is invalid. Please check your .env file.\n${reason}`);
    }
    throw new BusinessError(
      `${name} is invalid, it must start with 'http://' or 'https://'. Please check your .env file.`,
    );
  }

  return value.replace(/\/+$/, '');
}

/**
 * Checks the env secret of the hosted environment (`GROVE_ENV_SECRET`, or the `--env-secret`
 * option when `command` names a command that has it): 64 lower-case hexadecimal characters.
 *
 * @example
 * ```ts
 * const envSecret = checkEnvSecret(options.envSecret ?? env.GROVE_ENV_SECRET, 'logs');
 * ```
 */
export function checkEnvSecret(value: string | undefined, command?: string): string {
  if (!value) {
    throw new BusinessError(
      command
        ? `Your grove env secret is missing. Please provide it with the \`grove-cloud ${command} --env-secret <your-secret-key>\` command or add it to your .env file or in environment variables.`
        : 'Missing GROVE_ENV_SECRET. Please check your .env file.',
    );
  }
  if (!/^[0-9a-f]{64}$/.test(value)) {
    throw new BusinessError(
      'GROVE_ENV_SECRET is invalid. Please check your .env file.\n\tYou can retrieve its value from the environment settings of the Grove console.',
    );
  }

  return value;
}
