import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ENTRY = join('dist', 'hosting', 'hosted-agent-process.js');

/**
 * The built entry of a hosted agent's child process. The same from the sources (jest runs
 * `src/hosting`, turbo builds the package before its tests) and from the build (`dist/index.js`,
 * `dist/bin/grove-platform.js`): the first folder up from here that holds the package's `dist`.
 *
 * @example
 * ```ts
 * spawn(process.execPath, [hostedAgentEntry()], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
 * ```
 */
export function hostedAgentEntry(): string {
  let folder = __dirname;
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync(join(folder, ENTRY))) return join(folder, ENTRY);
    folder = dirname(folder);
  }
  throw new Error(`The hosted agent entry (${ENTRY}) is missing: build @grove/platform first`);
}
