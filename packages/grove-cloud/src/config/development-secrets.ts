import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

type SecretMap = Record<string, string>;

/** `<.grove.d>/.environments.json`: hosted env secret → the user's development env secret. */
const mapFile = (folder: string) => join(folder, '.environments.json');

async function readMap(folder: string): Promise<SecretMap> {
  const file = mapFile(folder);
  if (!existsSync(file)) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFile(file, '{}\n', { mode: 0o600 });
  }
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));

  return typeof parsed === 'object' && parsed !== null ? (parsed as SecretMap) : {};
}

/**
 * The development env secret of a hosted environment: from `.environments.json` (created `{}`
 * when missing), else asked with `fetchSecret` and stored.
 *
 * @example
 * ```ts
 * const devSecret = await developmentSecret(folder, envSecret, () =>
 *   client.getDevelopmentEnvironmentSecret('http://localhost:3351'),
 * );
 * ```
 */
export async function developmentSecret(
  folder: string,
  envSecret: string,
  fetchSecret: () => Promise<string>,
): Promise<string> {
  const map = await readMap(folder);
  const known = map[envSecret];
  if (known) return known;
  const secret = await fetchSecret();
  await writeFile(
    mapFile(folder),
    `${JSON.stringify({ ...map, [envSecret]: secret }, null, 2)}\n`,
    {
      mode: 0o600,
    },
  );

  return secret;
}
