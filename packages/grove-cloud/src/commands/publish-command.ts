import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { openCloudSession } from '../auth/open-cloud-session';
import { askConfirmation } from '../cli/ask-confirmation';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';
import { BusinessError, isUserError } from '../errors/business-error';
import { bundleZipPath } from './package-command';
import { showPublishedCode } from './show-published-code';

/** Reads the packaged zip, or the sheet's "Cannot read…" error. */
async function readBundle(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new BusinessError(
      `Cannot read code-customization zip file - At path: ${path}\n ${(error as Error).message}`,
    );
  }
}

/**
 * `grove-cloud publish [-f|--force]`: uploads `dist/code-customizations.zip` and publishes it,
 * following the platform's progress stream. A refused bundle ("Something went wrong: …") exits
 * with code 1 (the previous agent keeps serving).
 *
 * @example
 * ```ts
 * program.addCommand(publishCommand(deps));
 * ```
 */
export function publishCommand(deps: CliDeps): Command {
  return new Command('publish')
    .description('Publish the packaged customizations on the agent the Grove platform hosts')
    .option('-f, --force', 'publish without asking, even over published code')
    .action((options: { force?: boolean }, command: Command) =>
      runCommand(deps, command, async reporter => {
        reporter.start('Publishing code customizations');
        const { client } = await openCloudSession(deps, reporter);
        if (!options.force) {
          const details = await client.getLastPublishedCodeDetails();
          if (details) {
            showPublishedCode(reporter, details);
            reporter.info(
              'For the next time, you can publish your customizations with the --force option to skip this step',
            );
            await askConfirmation(deps, 'Do you really want to overwrite these customizations?');
          }
        }
        reporter.start('Publishing code customizations');
        let outcome;
        try {
          const bundleId = await client.uploadBundle(
            await readBundle(join(deps.cwd, bundleZipPath)),
          );
          outcome = await client.publish(bundleId, message => reporter.start(message));
        } catch (error) {
          if (!isUserError(error)) throw error;
          throw new BusinessError(`Publish failed: ${error.message}`, { cause: error });
        }
        if (outcome.status === 'failed') {
          // Unlike the vendor's CLI, a refused bundle is a failure for scripts and CI: exit 1.
          throw new BusinessError(`Something went wrong: ${outcome.error}`);
        }
        reporter.data({ timestamp: outcome.timestamp });
        reporter.succeed('Code customizations published');
      }),
    );
}
