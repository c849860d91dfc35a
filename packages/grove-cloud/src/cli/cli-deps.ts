/** A stream the CLI writes to (`process.stdout`, or a test's collector). */
export interface CliOutput {
  write(text: string): unknown;
  /** A terminal: the spinner animates there, plain lines are written otherwise. */
  readonly isTTY?: boolean;
}

/**
 * Everything the CLI reads from or does to the outside world, injected so that tests drive the
 * real commands (see `makeProgram`).
 *
 * @example
 * ```ts
 * const deps: CliDeps = {
 *   stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(),
 *   homedir: homedir(), fetch, now: () => new Date(), prompt: askOnTerminal,
 *   setExitCode: code => (process.exitCode = code),
 * };
 * ```
 */
export interface CliDeps {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** The variables (process environment, `.env` of the cwd already merged in). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly homedir: string;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
  /** Asks a question, resolves with the answer (one line). */
  readonly prompt: (question: string) => Promise<string>;
  /** Sets the exit code of the process (never exits: streams are flushed first). */
  readonly setExitCode: (code: number) => void;
  /** Waits (the device-flow polling); default `setTimeout`. */
  readonly sleep?: (ms: number) => Promise<void>;
}
