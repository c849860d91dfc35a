#!/usr/bin/env node
// The grove-cloud command: `.env` of the current directory first (the process environment
// wins, as with dotenv), then the program on process.argv.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readDotenv } from '../cli/load-dotenv';
import { makeProgram } from '../make-program';

const env = { ...readDotenv(join(process.cwd(), '.env')), ...process.env };
// The agent `start` runs reads some variables itself (GROVE_SERVER_URL, PORT).
Object.assign(process.env, env);

function prompt(question: string): Promise<string> {
  return new Promise(resolve => {
    const readline = createInterface({ input: process.stdin, output: process.stderr });
    let answered = false;
    readline.question(question, answer => {
      answered = true;
      readline.close();
      resolve(answer);
    });
    // No terminal and no more input: an empty answer (which aborts) rather than a hang.
    readline.on('close', () => {
      if (!answered) resolve('');
    });
  });
}

makeProgram({
  stdout: process.stdout,
  stderr: process.stderr,
  env,
  cwd: process.cwd(),
  homedir: homedir(),
  fetch,
  now: () => new Date(),
  prompt,
  setExitCode: code => {
    process.exitCode = code;
  },
})
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
