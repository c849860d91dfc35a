import type { CliOutput } from './cli-deps';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Options of {@link createReporter}. */
export interface ReporterOptions {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** `--json`: nothing but the final JSON object on stdout (questions and hints go to stderr). */
  readonly json: boolean;
}

/**
 * What a command tells the user: a spinner for the current step (animated on a terminal, plain
 * lines otherwise, silent with `--json`), information lines, and the command's final outcome.
 */
export interface Reporter {
  readonly json: boolean;
  /** Starts (or renames) the current step. */
  start(text: string): void;
  /** Ends the current step as a success (the command's result message in `--json`). */
  succeed(text: string): void;
  /** Ends the current step as a failure. */
  fail(text: string): void;
  info(text: string): void;
  warn(text: string): void;
  /** A line for the user even in `--json` mode (on stderr there): the login URL, a question. */
  notice(text: string): void;
  /** Adds fields to the `--json` result object. */
  data(fields: Record<string, unknown>): void;
  /** Stops the spinner; in `--json` mode prints the one JSON object. */
  close(ok: boolean, error?: string): void;
}

/**
 * A {@link Reporter} writing to the CLI's streams. Results go to stdout, the spinner, warnings
 * and failures to stderr.
 *
 * @example
 * ```ts
 * const reporter = createReporter({ stdout, stderr, json: false });
 * reporter.start('Packaging');
 * reporter.succeed('Code customizations packaged and ready for publish');
 * ```
 */
export function createReporter({ stdout, stderr, json }: ReporterOptions): Reporter {
  const result: Record<string, unknown> = {};
  let message: string | undefined;
  let step: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;

  const clearLine = () => {
    if (timer) stderr.write('\r\x1b[K');
  };
  const stopSpinner = () => {
    clearLine();
    if (timer) clearInterval(timer);
    timer = undefined;
    step = undefined;
  };
  const render = () => {
    frame = (frame + 1) % frames.length;
    stderr.write(`\r\x1b[K${frames[frame]} ${step ?? ''}`);
  };
  // Lines printed while the spinner runs: clear its line first, redraw it after.
  const line = (out: CliOutput, text: string) => {
    clearLine();
    out.write(`${text}\n`);
    if (timer) render();
  };

  return {
    json,
    start(text) {
      if (json) return;
      step = text;
      if (!stderr.isTTY) {
        stderr.write(`- ${text}\n`);
      } else if (!timer) {
        timer = setInterval(render, 80);
        timer.unref();
        render();
      }
    },
    succeed(text) {
      message = text;
      if (json) return;
      stopSpinner();
      stdout.write(`✔ ${text}\n`);
    },
    fail(text) {
      if (json) return;
      stopSpinner();
      stderr.write(`✖ ${text}\n`);
    },
    info(text) {
      if (!json) line(stdout, `ℹ ${text}`);
    },
    warn(text) {
      if (!json) line(stderr, `⚠ ${text}`);
    },
    notice(text) {
      line(json ? stderr : stdout, text);
    },
    data(fields) {
      Object.assign(result, fields);
    },
    close(ok, error) {
      stopSpinner();
      if (!json) return;
      const body = ok ? { ok, ...(message ? { message } : {}), ...result } : { ok, error };
      stdout.write(`${JSON.stringify(body)}\n`);
    },
  };
}
