import { createHash, randomBytes } from 'node:crypto';

import type { PlatformDatabase } from '../database/platform-database';
import type { EnvironmentRow } from '../database/models/platform-models';

const ENV_SECRET = /^[0-9a-f]{64}$/;

/**
 * A new env secret: 32 random bytes as 64 lower-case hex characters. Show it once to the
 * admin; store only {@link hashEnvSecret} of it.
 *
 * @example
 * ```ts
 * const secret = generateEnvSecret();
 * await db.models.Environment.create({ projectId, name: 'Production', secretHash: hashEnvSecret(secret) });
 * ```
 */
export function generateEnvSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The SHA-256 hex of an env secret, the only form stored. A fast hash is enough: the secret is
 * 256 random bits, not a password to guess.
 *
 * @example
 * ```ts
 * hashEnvSecret(secret).length; // 64
 * ```
 */
export function hashEnvSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The environment whose secret this is, or null (also for anything that is not 64 hex
 * characters). Found by the hash's unique index.
 *
 * @example
 * ```ts
 * const environment = await findEnvironmentBySecret(db, req.header('forest-secret-key') ?? '');
 * if (!environment) throw new UnauthorizedError('Unknown env secret');
 * ```
 */
export async function findEnvironmentBySecret(
  db: PlatformDatabase,
  secret: string,
): Promise<EnvironmentRow | null> {
  if (!ENV_SECRET.test(secret)) return null;

  const environment = await db.models.Environment.findOne({
    where: { secretHash: hashEnvSecret(secret) },
  });

  return environment ? environment.get({ plain: true }) : null;
}
