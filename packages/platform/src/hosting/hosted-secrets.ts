import { randomBytes } from 'node:crypto';

import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';

/** The authenticated data of a hosted data source's connection URI: its environment and name. */
export function connectionContext(environmentId: number, name: string): string {
  return `hosted-datasource:${environmentId}:${name}`;
}

/** The authenticated data of a hosted agent's auth secret. */
function authSecretContext(environmentId: number): string {
  return `hosted-auth-secret:${environmentId}`;
}

/**
 * The session-signing secret of an environment's hosted agent: generated once (32 random bytes,
 * hex), stored encrypted with the platform's secret key, decrypted to hand it to the child.
 *
 * @example
 * ```ts
 * const authSecret = await hostedAuthSecret(context.db, environment);
 * ```
 */
export async function hostedAuthSecret(
  db: PlatformDatabase,
  environment: Pick<EnvironmentRow, 'id' | 'hostedAuthSecretCiphertext'>,
): Promise<string> {
  const context = authSecretContext(environment.id);
  let ciphertext = environment.hostedAuthSecretCiphertext;
  if (!ciphertext) {
    const sealed = db.envSecrets.sealValue(randomBytes(32).toString('hex'), context);
    // Only when still empty: two processes racing keep the first secret.
    await db.models.Environment.update(
      { hostedAuthSecretCiphertext: sealed },
      { where: { id: environment.id, hostedAuthSecretCiphertext: null } },
    );
    const stored = await db.models.Environment.findByPk(environment.id);
    ciphertext = stored?.hostedAuthSecretCiphertext ?? sealed;
  }

  return db.envSecrets.openValue(ciphertext, context);
}
