import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { openCloudSession } from '../auth/open-cloud-session';
import { builtCustomizationPath } from '../bundle/built-customization-path';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';
import { loadCustomization } from '../template/load-customization';
import { generateCloudTypings } from '../typings/generate-cloud-typings';

/**
 * `grove-cloud update-typings`: rewrites `typings.d.ts` from the platform's introspections and
 * the built customization (`dist/code-customizations`).
 *
 * @example
 * ```ts
 * program.addCommand(updateTypingsCommand(deps));
 * ```
 */
export function updateTypingsCommand(deps: CliDeps): Command {
  return new Command('update-typings')
    .description('Rebuild typings.d.ts from the hosted data sources and the built customizations')
    .action((_options: unknown, command: Command) =>
      runCommand(deps, command, async reporter => {
        reporter.start('Updating typings');
        const { client } = await openCloudSession(deps, reporter);
        const datasources = await client.getDatasources();
        builtCustomizationPath(deps.cwd);
        const typings = await generateCloudTypings(datasources, loadCustomization(deps.cwd));
        await writeFile(join(deps.cwd, 'typings.d.ts'), typings);
        reporter.succeed('Your typings have been updated');
      }),
    );
}
