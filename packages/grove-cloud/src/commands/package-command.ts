import { join } from 'node:path';
import { Command } from 'commander';
import { builtCustomizationPath } from '../bundle/built-customization-path';
import { zipFolder } from '../bundle/zip-folder';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';

/** The bundle `package` writes and `publish` uploads, relative to the project. */
export const bundleZipPath = join('dist', 'code-customizations.zip');

/**
 * `grove-cloud package`: zips `dist/code-customizations` into `dist/code-customizations.zip`,
 * under `nodejs/customization/` (an existing zip is overwritten).
 *
 * @example
 * ```ts
 * program.addCommand(packageCommand(deps));
 * ```
 */
export function packageCommand(deps: CliDeps): Command {
  return new Command('package')
    .description('Zip the built customizations (dist/code-customizations) for publish')
    .action((_options: unknown, command: Command) =>
      runCommand(deps, command, async reporter => {
        reporter.start('Packaging code customizations');
        const built = builtCustomizationPath(deps.cwd);
        const zip = join(deps.cwd, bundleZipPath);
        const files = await zipFolder(built, zip, 'nodejs/customization');
        reporter.data({ zip, files });
        reporter.succeed('Code customizations packaged and ready for publish');
      }),
    );
}
