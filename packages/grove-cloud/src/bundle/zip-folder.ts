import { createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** Every file under a folder, depth first, sorted (a stable zip). */
async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await filesOf(path)));
    else if (entry.isFile()) files.push(path);
  }

  return files;
}

/**
 * Zips the files of `folder` into `zipPath` (overwritten), under the archive folder `prefix`.
 * Resolves with the number of files.
 *
 * @example
 * ```ts
 * await zipFolder('dist/code-customizations', 'dist/code-customizations.zip', 'nodejs/customization');
 * ```
 */
export async function zipFolder(folder: string, zipPath: string, prefix: string): Promise<number> {
  const files = await filesOf(folder);
  const zip = new ZipFile();
  for (const file of files) {
    zip.addFile(file, `${prefix}/${relative(folder, file).split(sep).join('/')}`);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));

  return files.length;
}
