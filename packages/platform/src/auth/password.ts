import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

import { ValidationError } from '@grove/datasource-toolkit';

/** The shortest password the platform accepts, in characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest, so that hashing stays cheap to refuse. */
export const MAX_PASSWORD_LENGTH = 1024;

// OWASP's scrypt baseline (N=2^17, r=8, p=1) costs 128 MiB; N=2^15 (32 MiB) keeps a login
// well under 100 ms on small servers. The parameters travel in the hash, so raising them later
// leaves existing hashes verifiable.
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Bounds on parameters read back from a stored hash, so that a corrupted row cannot make a
// verification allocate gigabytes.
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, params: ScryptOptions, length: number) {
  const maxmem = 128 * (params.N ?? 0) * (params.r ?? 0) * 2 + 1024 * 1024;

  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * The reason a password is refused, or null when it is accepted: at least
 * {@link MIN_PASSWORD_LENGTH} characters (and at most {@link MAX_PASSWORD_LENGTH}).
 *
 * @example
 * ```ts
 * checkPasswordStrength('hunter2'); // 'The password must have at least 12 characters'
 * ```
 */
export function checkPasswordStrength(password: string): string | null {
  const length = [...password].length;

  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  }

  if (length > MAX_PASSWORD_LENGTH) {
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  }

  return null;
}

/**
 * Hashes a password with scrypt and a random salt into `scrypt$N$r$p$salt$hash` (salt and hash
 * in base64url). Refuses a weak password with a `ValidationError`.
 *
 * @example
 * ```ts
 * const passwordHash = await hashPassword('correct horse battery staple');
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  const weakness = checkPasswordStrength(password);

  if (weakness) throw new ValidationError(weakness);

  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, DEFAULTS, KEY_LENGTH);
  const { N, r, p } = DEFAULTS;

  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [algorithm, n, r, p, salt, key, ...rest] = stored.split('$');
  const integer = (value: string | undefined) => (value && /^\d{1,7}$/.test(value) ? +value : 0);
  const params = { N: integer(n), r: integer(r), p: integer(p) };

  if (algorithm !== 'scrypt' || rest.length > 0 || !salt || !key) return null;
  if (params.N < 2 || params.N > MAX_N || (params.N & (params.N - 1)) !== 0) return null;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null;

  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Whether a password matches a hash made by {@link hashPassword}, compared in constant time.
 * A malformed hash matches nothing.
 *
 * @example
 * ```ts
 * if (!(await verifyPassword(body.password, user.passwordHash ?? ''))) throw new UnauthorizedError('Wrong email or password');
 * ```
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);

  if (!parsed || parsed.key.length === 0 || [...password].length > MAX_PASSWORD_LENGTH) {
    return false;
  }

  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);

  return timingSafeEqual(key, parsed.key);
}
