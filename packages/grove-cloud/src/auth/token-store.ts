import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Tells whether a stored token can still be used: a JWT without `exp` or with a future one. A
 * token that is not a JWT (the platform's device-flow access tokens are opaque) is kept as valid:
 * only the platform can judge it, and a 401 then says to log in again.
 *
 * @example
 * ```ts
 * isTokenValid(token, new Date()); // false once its exp has passed
 * ```
 */
export function isTokenValid(token: string, now: Date): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return token.length > 0;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof payload !== 'object' || payload === null) return false;
  const { exp } = payload as { exp?: unknown };

  return exp === undefined || (typeof exp === 'number' && exp * 1000 > now.getTime());
}

/** The token file in the `.grove.d` folder. */
export const tokenFile = (folder: string) => join(folder, '.groverc');

/**
 * The stored login token of `<folder>/.groverc`, or undefined.
 *
 * @example
 * ```ts
 * const token = await readStoredToken(groveFolder(env, homedir));
 * ```
 */
export async function readStoredToken(folder: string): Promise<string | undefined> {
  const file = tokenFile(folder);
  if (!existsSync(file)) return undefined;
  const token = (await readFile(file, 'utf8')).trim();

  return token || undefined;
}

/**
 * Stores the login token in `<folder>/.groverc`: the folder 0700, the file 0600.
 *
 * @example
 * ```ts
 * await storeToken(groveFolder(env, homedir), accessToken);
 * ```
 */
export async function storeToken(folder: string, token: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  await writeFile(tokenFile(folder), token, { mode: 0o600 });
  await chmod(tokenFile(folder), 0o600);
}
