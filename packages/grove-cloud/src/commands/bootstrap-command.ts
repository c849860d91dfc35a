import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { openCloudSession } from '../auth/open-cloud-session';
import { askConfirmation } from '../cli/ask-confirmation';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';
import { BusinessError } from '../errors/business-error';
import { writeProjectTemplate } from '../template/write-project-template';
import { generateCloudTypings } from '../typings/generate-cloud-typings';
import { showPublishedCode } from './show-published-code';

/**
 * `grove-cloud bootstrap <name> [-e|--env-secret <secret>]`: creates the `<name>` project from
 * the template shipped in the package, with its `.env`, `src/index.ts`, `datasources.js` and the
 * typings of the hosted data sources. The folder is removed when a step fails.
 *
 * @example
 * ```ts
 * program.addCommand(bootstrapCommand(deps));
 * ```
 */
export function bootstrapCommand(deps: CliDeps): Command {
  return new Command('bootstrap')
    .description('Create a customization project for the environment the Grove platform hosts')
    .argument('<name>', 'the folder to create')
    .option('-e, --env-secret <string>', 'the secret of the hosted environment')
    .action((name: string, options: { envSecret?: string }, command: Command) =>
      runCommand(deps, command, async reporter => {
        reporter.start('Bootstrapping project');
        const session = await openCloudSession(deps, reporter, {
          envSecret: options.envSecret,
          command: 'bootstrap',
        });
        const details = await session.client.getLastPublishedCodeDetails();
        reporter.info('Environment found');
        if (details) {
          showPublishedCode(reporter, details);
          reporter.warn(
            'If you continue it will bootstrap a new customization project from scratch',
          );
          await askConfirmation(deps, 'Do you want to continue?');
        }
        const folder = resolve(deps.cwd, name);
        // Checked here so that a failure below never removes a folder the user had.
        if (existsSync(folder)) throw new BusinessError(`You have already a "${name}" folder`);

        reporter.start('Bootstrapping project');
        try {
          await writeProjectTemplate(folder, {
            envSecret: session.envSecret,
            serverUrl: session.serverUrl,
            tokenPath: deps.env.TOKEN_PATH || deps.homedir,
          });
          const typings = await generateCloudTypings(await session.client.getDatasources());
          await writeFile(join(folder, 'typings.d.ts'), typings);
        } catch (error) {
          await rm(folder, { recursive: true, force: true });
          const message = error instanceof Error ? error.message : String(error);
          throw new BusinessError(`Bootstrap failed: ${message}`, { cause: error });
        }
        reporter.data({ folder });
        reporter.succeed(
          'Project successfully bootstrapped. You can start creating your customizations!',
        );
      }),
    );
}
