import { readFile, writeFile } from 'node:fs/promises';
import type { DataSource, Logger } from '@grove/datasource-toolkit';
import { generateTypings } from './generate-typings';

/**
 * Writes the `Schema` typings of a data source to a file, only when its content changed (so that
 * file watchers restarting the agent on changes do not loop).
 *
 * @param dataSource - The data source to describe.
 * @param path - The `.ts` file to write; its directory must exist.
 * @param maxDepth - How many to-one relations a flat path may cross.
 * @returns Whether the file was written.
 * @example
 * ```ts
 * await writeTypings(dataSource, './src/typings.ts', 3);
 * ```
 */
export async function writeTypings(
  dataSource: DataSource,
  path: string,
  maxDepth: number,
  logger?: Logger,
): Promise<boolean> {
  const content = generateTypings(dataSource, maxDepth, logger);
  let current: string | null = null;
  try {
    current = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (current === content) return false;
  await writeFile(path, content, 'utf8');

  return true;
}
