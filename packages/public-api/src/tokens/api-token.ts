import { createHash, randomBytes } from 'node:crypto';

/** Every Grove API token starts with this, so that secret scanners can find leaked ones. */
export const API_TOKEN_PREFIX = 'grove_';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random part: 32 base62 characters (about 190 bits). */
const RANDOM_LENGTH = 32;
/** Checksum part: CRC-32 of the random part, 6 base62 characters. */
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = new RegExp(
  `^${API_TOKEN_PREFIX}([0-9A-Za-z]{${RANDOM_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;

  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i += 1) {
    crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  }

  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, length: number): string {
  let rest = value;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }

  return out;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: bytes above are dropped so that every character is equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }

  return out;
}

/** A new token: its value (shown once), the hash to store, and a hint to show in lists. */
export interface GeneratedApiToken {
  /** `grove_` + 32 random base62 characters + a 6-character checksum. Never stored. */
  readonly value: string;
  /** SHA-256 hex of the value: what the platform stores and looks tokens up by. */
  readonly hash: string;
  /** `grove_abcd…wxyz`: recognisable in a list, useless as a credential. */
  readonly displayHint: string;
}

/**
 * The SHA-256 hex of a token value. Tokens are long random strings, so a fast hash is enough
 * (no password hashing needed); lookups go through an index on the hash.
 *
 * @example
 * ```ts
 * const row = await findTokenByHash(hashApiToken(bearer));
 * ```
 */
export function hashApiToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Tells whether a string has the shape of a Grove API token and its checksum holds — offline,
 * without any lookup (what a secret scanner does). A false answer means the token is invalid
 * and no database is asked.
 *
 * @example
 * ```ts
 * isWellFormedApiToken('grove_123'); // false
 * ```
 */
export function isWellFormedApiToken(value: string): boolean {
  const match = TOKEN_PATTERN.exec(value);

  return match !== null && base62(crc32(match[1]!), CHECKSUM_LENGTH) === match[2];
}

/**
 * Generates a new API token.
 *
 * @example
 * ```ts
 * const { value, hash, displayHint } = generateApiToken();
 * await ApiToken.create({ tokenHash: hash, displayHint, ... }); // show `value` once
 * ```
 */
export function generateApiToken(): GeneratedApiToken {
  const random = randomBase62(RANDOM_LENGTH);
  const value = `${API_TOKEN_PREFIX}${random}${base62(crc32(random), CHECKSUM_LENGTH)}`;

  return {
    value,
    hash: hashApiToken(value),
    displayHint: `${value.slice(0, API_TOKEN_PREFIX.length + 4)}…${value.slice(-4)}`,
  };
}
