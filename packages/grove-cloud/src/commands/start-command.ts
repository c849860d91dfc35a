import { join } from 'node:path';
import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import type { ConnectionOptions } from '@grove/datasource-sql';
import { Command } from 'commander';
import { openCloudSession } from '../auth/open-cloud-session';
import { builtCustomizationPath } from '../bundle/built-customization-path';
import type { CliDeps } from '../cli/cli-deps';
import { runCommand } from '../cli/run-command';
import { groveFolder } from '../config/cloud-variables';
import { developmentSecret } from '../config/development-secrets';
import { BusinessError } from '../errors/business-error';
import { applyCustomization, loadCustomization } from '../template/load-customization';
import { readLocalDatasources } from './read-local-datasources';

/**
 * The fixed auth secret of local development agents (the vendor's, as in
 * docs/platform-protocol.md#local-start).
 */
const developmentAuthSecret = 'dev8environment'.repeat(8);
const levels = ['Debug', 'Info', 'Warn', 'Error'] as const;

function isMongo(options: unknown): boolean {
  const uri = typeof options === 'string' ? options : (options as { uri?: unknown } | null)?.uri;

  return typeof uri === 'string' && /^mongodb(\+srv)?:/.test(uri);
}

/**
 * `grove-cloud start`: runs the built customizations locally, on the user's development
 * environment, against the databases of `datasources.js`, served on `PORT` (3351).
 *
 * @example
 * ```ts
 * program.addCommand(startCommand(deps));
 * ```
 */
export function startCommand(deps: CliDeps): Command {
  return new Command('start')
    .description('Run the built customizations locally, on your development environment')
    .action((_options: unknown, command: Command) =>
      runCommand(deps, command, async reporter => {
        reporter.start('Starting the agent');
        const { client, envSecret, serverUrl } = await openCloudSession(deps, reporter);
        const port = Number(deps.env.PORT || 3351);
        const devSecret = await developmentSecret(
          groveFolder(deps.env, deps.homedir),
          envSecret,
          () => client.getDevelopmentEnvironmentSecret(`http://localhost:${port}`),
        );
        const datasources = await readLocalDatasources(join(deps.cwd, 'datasources.js'));
        builtCustomizationPath(deps.cwd);
        const customization = loadCustomization(deps.cwd);

        const level = levels.find(name => name === deps.env.LOG_LEVEL) ?? 'Info';
        const agent = createAgent({
          authSecret: developmentAuthSecret,
          envSecret: devSecret,
          serverUrl,
          isProduction: false,
          loggerLevel: level,
          typingsPath: join(deps.cwd, 'typings.d.ts'),
          typingsMaxDepth: 3,
          schemaPath: join(deps.cwd, '.grove-schema.json'),
        });
        for (const [name, { connectionOptions, datasourceSuffix }] of Object.entries(datasources)) {
          if (isMongo(connectionOptions)) {
            throw new BusinessError(`${name}: MongoDB data sources are not supported by Grove yet`);
          }
          const suffix = datasourceSuffix ?? '';
          agent.addDataSource(
            createSqlDataSource(connectionOptions as ConnectionOptions),
            suffix ? { rename: collection => `${collection}${suffix}` } : undefined,
          );
        }
        await applyCustomization(customization, agent);
        await agent.mountOnStandaloneServer(port).start();
        reporter.succeed(`Your customizations are served locally on http://localhost:${port}`);
      }),
    );
}
