import { Command, CommanderError } from 'commander';
import { version } from '../package.json';
import type { CliDeps } from './cli/cli-deps';
import { bootstrapCommand } from './commands/bootstrap-command';
import { loginCommand } from './commands/login-command';
import { logsCommand } from './commands/logs-command';
import { packageCommand } from './commands/package-command';
import { publishCommand } from './commands/publish-command';
import { startCommand } from './commands/start-command';
import { updateTypingsCommand } from './commands/update-typings-command';

/** The root command: commander's exits (help, version, usage errors) set the exit code only. */
class GroveCloudProgram extends Command {
  constructor(private readonly deps: CliDeps) {
    super('grove-cloud');
  }

  override async parseAsync(
    argv?: readonly string[],
    options?: { from: 'node' | 'electron' | 'user' },
  ): Promise<this> {
    try {
      return await super.parseAsync(argv, options);
    } catch (error) {
      if (!(error instanceof CommanderError)) throw error;
      this.deps.setExitCode(error.exitCode);

      return this;
    }
  }
}

/**
 * The `grove-cloud` program with its IO, clock and HTTP injected: `bootstrap`, `login`,
 * `update-typings`, `package`, `publish`, `logs`, `start`, `-v/--version` and the global
 * `--json` option.
 *
 * @example
 * ```ts
 * await makeProgram(deps).parseAsync(['logs', '-n', '10'], { from: 'user' });
 * ```
 */
export function makeProgram(deps: CliDeps): Command {
  const program = new GroveCloudProgram(deps);
  program
    .description('Customize the agent that the Grove platform hosts, from a local project')
    .version(version, '-v, --version', 'print the version of grove-cloud')
    .option('--json', 'print one JSON object per command (for CI), no spinner')
    .exitOverride()
    .configureOutput({
      writeOut: text => deps.stdout.write(text),
      writeErr: text => deps.stderr.write(text),
      // Commander's own errors without their "error: " prefix, as the vendor's CLI prints them.
      outputError: (text, write) => write(text.replace(/^error: /, '')),
    })
    .on('command:*', (operands: string[]) => {
      deps.stderr.write(`unknown command ${operands[0]}\n`);
      deps.setExitCode(1);
    });
  for (const make of [
    bootstrapCommand,
    loginCommand,
    updateTypingsCommand,
    packageCommand,
    publishCommand,
    logsCommand,
    startCommand,
  ]) {
    const command = make(deps);
    command.exitOverride().configureOutput({
      writeOut: text => deps.stdout.write(text),
      writeErr: text => deps.stderr.write(text),
      outputError: (text, write) => write(text.replace(/^error: /, '')),
    });
    program.addCommand(command);
  }

  return program;
}
