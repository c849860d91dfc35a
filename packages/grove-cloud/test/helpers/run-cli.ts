import { makeProgram } from '../../src/make-program';

/** What a CLI run printed and its exit code. */
export interface CliRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly questions: string[];
}

/** Options of {@link runCli}. */
export interface RunCliOptions {
  readonly env?: Record<string, string | undefined>;
  readonly cwd?: string;
  readonly homedir?: string;
  readonly answers?: string[];
  readonly now?: Date;
}

/** A valid env secret (64 lower-case hex). */
export const ENV_SECRET = 'a'.repeat(64);

/** Runs `grove-cloud <argv>` in-process through `makeProgram`, collecting its output. */
export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  const questions: string[] = [];
  const answers = [...(options.answers ?? [])];
  await makeProgram({
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    homedir: options.homedir ?? '/nonexistent-home',
    fetch,
    now: () => options.now ?? new Date(),
    prompt: async question => {
      questions.push(question);

      return answers.shift() ?? '';
    },
    setExitCode: code => {
      exitCode = code;
    },
    sleep: async () => undefined,
  }).parseAsync(argv, { from: 'user' });

  return { stdout, stderr, exitCode, questions };
}
