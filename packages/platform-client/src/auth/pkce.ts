import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A PKCE (RFC 7636) pair for one authorization request, and the value that rebuilds it. */
export interface PkceRequest {
  /** Random; travels in the OAuth `state`, so that the callback can rebuild the verifier. */
  readonly nonce: string;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: 'S256';
}

const NONCE = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The code verifier of a nonce: HMAC-SHA256 of the nonce keyed with the env secret (43 base64url
 * characters, 256 bits). The agent keeps nothing between the authorization URL and the callback,
 * and it may run as several processes: every one rebuilds the verifier from the nonce, and whoever
 * intercepts the code and the state still lacks the secret to compute it.
 *
 * @example
 * ```ts
 * const verifier = pkceVerifier(envSecret, nonce); // undefined for a malformed nonce
 * ```
 */
export function pkceVerifier(secret: string, nonce: unknown): string | undefined {
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return undefined;

  return createHmac('sha256', secret).update(`grove-pkce:${nonce}`).digest('base64url');
}

/**
 * A new PKCE request: a random nonce and the S256 challenge of its verifier.
 *
 * @example
 * ```ts
 * const { nonce, codeChallenge } = newPkceRequest(envSecret);
 * url.searchParams.set('code_challenge', codeChallenge);
 * ```
 */
export function newPkceRequest(secret: string): PkceRequest {
  const nonce = randomBytes(16).toString('base64url');
  const verifier = pkceVerifier(secret, nonce) as string;

  return {
    nonce,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    codeChallengeMethod: 'S256',
  };
}
