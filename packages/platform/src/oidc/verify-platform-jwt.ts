import { importJWK, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

import type { PlatformContext } from '../platform-context';
import { OIDC_PATH } from './create-oidc-provider';
import { loadOidcKeys } from './oidc-keys';

/**
 * Verifies a JWT the platform signed (RS256, one of its OpenID signing keys, issuer
 * `<publicUrl>/oidc`, the given `typ`, unexpired) and returns its claims; null for anything else.
 *
 * @example
 * ```ts
 * const claims = await verifyPlatformJwt(context, token, 'at+jwt');
 * ```
 */
export async function verifyPlatformJwt(
  context: PlatformContext,
  jwt: string,
  typ: string,
): Promise<JWTPayload | null> {
  if (jwt.length > 8192 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jwt)) return null;
  try {
    const { jwks } = await loadOidcKeys(context.db);
    const keys = await Promise.all(
      jwks.keys.map(async ({ kid, kty, n, e }) => ({
        kid,
        key: await importJWK({ kty: kty ?? 'RSA', n, e }, 'RS256'),
      })),
    );
    const { payload } = await jwtVerify(
      jwt,
      header => {
        const found = keys.find(entry => entry.kid === header.kid);
        if (!found) throw new Error('unknown key');

        return found.key;
      },
      { algorithms: ['RS256'], typ, issuer: `${context.publicUrl}${OIDC_PATH}` },
    );

    return payload;
  } catch {
    return null;
  }
}
