import { GroveError } from '@grove/datasource-toolkit';

import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';

/**
 * The clear env secret of an environment, decrypted from `secret_ciphertext` — only to sign
 * what the environment's agent verifies (approvals). A 409 when the environment has no
 * ciphertext yet (created before version 0003 and its agent has not called since) or when it
 * does not open with this platform's key (the key changed): regenerate the secret.
 *
 * @example
 * ```ts
 * const secret = environmentEnvSecret(context.db, environment);
 * ```
 */
export function environmentEnvSecret(
  db: PlatformDatabase,
  environment: Pick<EnvironmentRow, 'secretHash' | 'secretCiphertext'>,
): string {
  const conflict = () =>
    new GroveError(
      'ConflictError',
      "The environment's secret cannot be read to sign approvals: start its agent once or regenerate the secret",
    );
  if (!environment.secretCiphertext) throw conflict();
  try {
    return db.envSecrets.open(environment.secretCiphertext, environment.secretHash);
  } catch {
    throw conflict();
  }
}
