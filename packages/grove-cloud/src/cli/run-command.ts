import type { Command } from 'commander';
import { isUserError } from '../errors/business-error';
import type { CliDeps } from './cli-deps';
import { createReporter, type Reporter } from './reporter';

/** The message of any error that is not a {@link BusinessError}: a bug to report. */
export const unexpectedErrorMessage =
  'An unexpected error occurred.\nPlease reach out for help on the issue tracker (https://github.com/grove-admin/grove/issues)';

/**
 * Runs a command's work with a reporter: a business error becomes a spinner failure with its
 * message and exit code 1; any other error the "unexpected error" message (its stack on stderr
 * outside `--json`) and exit code 1. The spinner is always stopped.
 *
 * @example
 * ```ts
 * command.action((options, cmd) =>
 *   runCommand(deps, cmd, async reporter => reporter.succeed('Done')),
 * );
 * ```
 */
export async function runCommand(
  deps: CliDeps,
  command: Command,
  work: (reporter: Reporter) => Promise<void>,
): Promise<void> {
  const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
  const reporter = createReporter({ stdout: deps.stdout, stderr: deps.stderr, json });
  try {
    await work(reporter);
    reporter.close(true);
  } catch (error) {
    deps.setExitCode(1);
    if (isUserError(error)) {
      reporter.fail(error.message);
      reporter.close(false, error.message);
    } else {
      reporter.fail(unexpectedErrorMessage);
      if (!json) deps.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      reporter.close(false, unexpectedErrorMessage);
    }
  }
}
