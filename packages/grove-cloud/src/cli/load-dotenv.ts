import { existsSync, readFileSync } from 'node:fs';

/**
 * The variables of a `.env` file (`KEY=value` lines; `#` comments; values optionally quoted),
 * or `{}` when there is none. A tiny reader instead of a dependency: the CLI's files are simple.
 *
 * @example
 * ```ts
 * const env = { ...readDotenv(join(process.cwd(), '.env')), ...process.env };
 * ```
 */
export function readDotenv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const variables: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2] as string;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) {
      value = quoted[2] as string;
      if (quoted[1] === '"') value = value.replace(/\\n/g, '\n');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    variables[match[1] as string] = value;
  }

  return variables;
}
