import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';

import type { PlatformDatabase } from '../database/platform-database';
import { readOrCreateSetting } from '../database/read-or-create-setting';

/** A private signing key as a JSON Web Key (RSA, with its `kid`, `alg` and `use`). */
export type OidcSigningKey = Readonly<Record<string, string>>;

/** The key material of the OpenID provider, the same in every process of a deployment. */
export interface OidcKeys {
  /** The private JWKS the provider signs ID tokens with (RS256); `/oidc/jwks` shows the public half. */
  readonly jwks: { readonly keys: readonly OidcSigningKey[] };
  /** The keys the provider signs its cookies with (the first signs, all verify). */
  readonly cookieKeys: readonly string[];
}

/** The `platform_settings` keys the material is stored under. */
export const OIDC_SETTINGS = { jwks: 'oidc.jwks', cookieKeys: 'oidc.cookie_keys' } as const;

function newSigningKey(): OidcSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>;

  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The provider's signing keys and cookie keys, generated at the first start of a deployment and
 * kept in `platform_settings` (the database holds them in clear, like the rest of its secrets).
 *
 * @example
 * ```ts
 * const { jwks, cookieKeys } = await loadOidcKeys(context.db);
 * new Provider(issuer, { jwks, cookies: { keys: [...cookieKeys] } });
 * ```
 */
export async function loadOidcKeys(db: PlatformDatabase): Promise<OidcKeys> {
  const jwks = await readOrCreateSetting(db, OIDC_SETTINGS.jwks, () => ({
    keys: [newSigningKey()],
  }));
  const cookieKeys = await readOrCreateSetting(db, OIDC_SETTINGS.cookieKeys, () => [
    randomBytes(32).toString('base64url'),
  ]);

  return { jwks, cookieKeys };
}
