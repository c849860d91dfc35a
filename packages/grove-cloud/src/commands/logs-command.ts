import { isGroveError } from '@grove/datasource-toolkit';
import type { HostedLog } from '@grove/platform-client/hosting';
import { Command } from 'commander';
import { openCloudSession } from '../auth/open-cloud-session';
import type { CliDeps } from '../cli/cli-deps';
import type { Reporter } from '../cli/reporter';
import { runCommand } from '../cli/run-command';
import { BusinessError } from '../errors/business-error';
import { parseLogTime, parseTail } from '../logs/parse-log-time';

interface LogsOptions {
  readonly envSecret?: string;
  readonly tail?: string;
  readonly from?: string;
  readonly to?: string;
}

/** "in the last month", "since X", "until Y" or "between X and Y". */
function rangeText({ from, to }: LogsOptions): string {
  if (from && to) return `between ${from} and ${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;

  return 'in the last month';
}

function printLogs(reporter: Reporter, logs: readonly HostedLog[]): void {
  for (const log of logs) {
    const line = `${log.timestamp} ${log.level ?? 'Info'}: ${log.message}`;
    if (log.level === 'Warn' || log.level === 'Error') reporter.warn(line);
    else reporter.info(line);
  }
}

/**
 * `grove-cloud logs [-e] [-n <tail>] [-f <from>] [-t <to>]`: the hosted agent's logs, newest
 * first unless `--from` is given, then a summary of what was found.
 *
 * @example
 * ```ts
 * program.addCommand(logsCommand(deps));
 * ```
 */
export function logsCommand(deps: CliDeps): Command {
  return new Command('logs')
    .description('Show the logs of the agent the Grove platform hosts')
    .option('-e, --env-secret <string>', 'the secret of the hosted environment')
    .option('-n, --tail <int>', 'how many lines, 1 to 1000 (default 30)')
    .option('-f, --from <timestamp>', 'a date or now-<n><s|m|H|h|d|w|M|y>[/d] (default now-1M)')
    .option('-t, --to <timestamp>', 'a date, now-<n><unit>[/d] or now (default now)')
    .action((options: LogsOptions, command: Command) =>
      runCommand(deps, command, async reporter => {
        const now = deps.now();
        const limit = parseTail(options.tail ?? '30');
        const from = parseLogTime(options.from ?? 'now-1M', 'from', now);
        const to = parseLogTime(options.to ?? 'now', 'to', now);
        reporter.start('Fetching logs');
        const { client } = await openCloudSession(deps, reporter, {
          envSecret: options.envSecret,
          command: 'logs',
        });
        let logs: HostedLog[];
        try {
          logs = await client.getLogs({ limit, from, to, orderByRecentFirst: !options.from });
        } catch (error) {
          if (!isGroveError(error, 'ValidationError')) throw error;
          const given = ['tail', 'from', 'to']
            .filter(name => options[name as keyof LogsOptions] !== undefined)
            .map(name => `--${name} ${options[name as keyof LogsOptions]}`)
            .join(' ');
          throw new BusinessError(`${error.message}\nOptions given: ${given || 'none'}`);
        }
        reporter.succeed(`Requested ${limit} log(s) ${rangeText(options)}`);
        reporter.data({ logs });
        printLogs(reporter, logs);
        const [first, last] = [logs[0], logs[logs.length - 1]];
        if (!first || !last) {
          reporter.info(`No logs found ${rangeText(options)}`);
          reporter.info(
            'Use `grove-cloud logs --help` to see how to choose other dates or more lines',
          );
          return;
        }
        reporter.info(
          `You have received logs from ${first.timestamp} to ${last.timestamp}${logs.length < limit ? ` but only ${logs.length} were found` : ''}`,
        );
      }),
    );
}
