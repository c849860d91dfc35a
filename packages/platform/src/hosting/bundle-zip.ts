import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

import { ValidationError } from '@grove/datasource-toolkit';
import AdmZip from 'adm-zip';

/** The file every bundle holds: the built customization (CommonJS). */
export const BUNDLE_ENTRY = 'nodejs/customization/index.js';
/** Files a bundle may hold, and their total size once extracted (against zip bombs). */
const MAX_ENTRIES = 10_000;
const MAX_EXTRACTED_BYTES = 200 * 1024 * 1024;

/** The file entries of a zip, checked: readable, safe paths, bounded, with {@link BUNDLE_ENTRY}. */
function checkedEntries(bytes: Buffer): AdmZip.IZipEntry[] {
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(bytes).getEntries();
  } catch {
    throw new ValidationError(`The bundle must be a zip holding ${BUNDLE_ENTRY}`);
  }
  const files = entries.filter(entry => !entry.isDirectory);
  if (files.length > MAX_ENTRIES) {
    throw new ValidationError(`The bundle holds more than ${MAX_ENTRIES} files`);
  }
  let total = 0;
  for (const entry of files) {
    const name = entry.entryName;
    if (name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
      throw new ValidationError(`The bundle has an unsafe path: ${name.slice(0, 200)}`);
    }
    total += entry.header.size;
  }
  if (total > MAX_EXTRACTED_BYTES) {
    throw new ValidationError('The bundle is larger than 200 MiB once extracted');
  }
  if (!files.some(entry => entry.entryName === BUNDLE_ENTRY)) {
    throw new ValidationError(`The bundle must be a zip holding ${BUNDLE_ENTRY}`);
  }

  return files;
}

/**
 * Checks an uploaded bundle (400 when it is not a zip holding {@link BUNDLE_ENTRY}, has unsafe
 * paths or is too large once extracted).
 *
 * @example
 * ```ts
 * checkBundleZip(body);
 * ```
 */
export function checkBundleZip(bytes: Buffer): void {
  checkedEntries(bytes);
}

/**
 * Extracts a bundle into a folder (every path checked to stay inside it).
 *
 * @example
 * ```ts
 * await extractBundleZip(bundle.bytes, await mkdtemp(join(tmpdir(), 'grove-hosted-')));
 * ```
 */
export async function extractBundleZip(bytes: Buffer, folder: string): Promise<void> {
  const root = resolve(folder);
  for (const entry of checkedEntries(bytes)) {
    const target = resolve(root, entry.entryName);
    if (!target.startsWith(root + sep)) throw new ValidationError('The bundle has an unsafe path');
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, entry.getData());
  }
}
