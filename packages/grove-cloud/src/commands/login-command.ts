import { Command } from 'commander';
import { deviceLogin } from '../auth/device-login';
import { storeToken } from '../auth/token-store';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';
import { groveFolder, readServerUrl } from '../config/cloud-variables';

/**
 * `grove-cloud login`: the platform's OAuth device flow; the token is stored in
 * `$TOKEN_PATH/.grove.d/.groverc`.
 *
 * @example
 * ```ts
 * program.addCommand(loginCommand(deps));
 * ```
 */
export function loginCommand(deps: CliDeps): Command {
  return new Command('login')
    .description('Log in to the Grove platform (OAuth device flow)')
    .action((_options: unknown, command: Command) =>
      runCommand(deps, command, async reporter => {
        const serverUrl = readServerUrl(deps.env);
        reporter.start('Logging in');
        const token = await deviceLogin(deps, reporter, serverUrl);
        await storeToken(groveFolder(deps.env, deps.homedir), token);
        reporter.succeed('You are now logged in');
      }),
    );
}
