import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ValidationError } from '@grove/datasource-toolkit';

/** The schema file an agent writes in development (`.grove-schema.json`), as far as the kit reads it. */
export interface AgentSchemaFile {
  readonly collections: readonly unknown[];
  readonly meta?: unknown;
  readonly [key: string]: unknown;
}

/**
 * Reads and parses an agent's schema file. Throws a `ValidationError` naming the path when the
 * file is missing, unreadable, not JSON, or not a `{ collections: [...] }` document.
 *
 * @example
 * ```ts
 * const schema = await readAgentSchemaFile('./.grove-schema.json');
 * console.log(schema.collections.length);
 * ```
 */
export async function readAgentSchemaFile(path: string): Promise<AgentSchemaFile> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (cause) {
    const reason =
      (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new ValidationError(
      `The agent schema file ${absolute} ${reason}: start the agent in development mode (it writes the file) or fix agentSchemaPath`,
      { cause },
    );
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new ValidationError(`The agent schema file ${absolute} is not valid JSON`, { cause });
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray((parsed as AgentSchemaFile).collections)
  ) {
    throw new ValidationError(`The agent schema file ${absolute} has no "collections" array`);
  }

  return parsed as AgentSchemaFile;
}
