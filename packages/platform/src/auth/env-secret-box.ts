import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import { ValidationError } from '@grove/datasource-toolkit';

import type { PlatformModels } from '../database/models/platform-models';
import { hashEnvSecret } from './env-secret';

/** Encrypts env secrets for storage and decrypts them to sign approvals (AES-256-GCM). */
export interface EnvSecretBox {
  /** Where the key comes from: the `secretKey` option, or generated into `platform_settings`. */
  readonly keySource: 'option' | 'database';
  /** The ciphertext of an env secret, bound to its hash (the authenticated data). */
  seal(secret: string): string;
  /** The env secret back; throws when the ciphertext was not sealed for this hash with this key. */
  open(ciphertext: string, secretHash: string): string;
  /**
   * The ciphertext of another secret (a hosted data source's connection URI, a hosted agent's
   * auth secret), bound to `context` (the authenticated data: what the value belongs to).
   */
  sealValue(value: string, context: string): string;
  /** A value of {@link EnvSecretBox.sealValue} back; throws for another context or key. */
  openValue(ciphertext: string, context: string): string;
}

/** The `platform_settings` key of a generated key. */
const SETTING_KEY = 'env-secret-encryption-key';
const KEY_FORMAT = /^[0-9a-f]{64}$/;
const VERSION = 'v1';

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/**
 * An {@link EnvSecretBox} over a 256-bit key. Each secret gets a random 96-bit IV; the
 * secret's SHA-256 is the additional authenticated data, so a ciphertext copied to another
 * environment's row does not open, and the opened secret is checked against the hash.
 *
 * @example
 * ```ts
 * const box = createEnvSecretBox(randomBytes(32).toString('hex'), 'option');
 * box.open(box.seal(secret), hashEnvSecret(secret)) === secret; // true
 * ```
 */
export function createEnvSecretBox(
  hexKey: string,
  keySource: EnvSecretBox['keySource'],
): EnvSecretBox {
  if (!KEY_FORMAT.test(hexKey)) {
    throw new ValidationError(
      'The platform secret key must be 64 lower-case hex characters (32 random bytes; ' +
        'option `secretKey` or GROVE_PLATFORM_SECRET_KEY)',
    );
  }
  const key = Buffer.from(hexKey, 'hex');

  const sealValue = (value: string, context: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const encrypted = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);

    return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(encrypted)].join('.');
  };
  const openValue = (ciphertext: string, context: string): string => {
    const [version, iv, tag, encrypted, ...rest] = ciphertext.split('.');
    if (version !== VERSION || !iv || !tag || encrypted === undefined || rest.length > 0) {
      throw new Error('Malformed ciphertext');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));

    return Buffer.concat([
      decipher.update(Buffer.from(encrypted, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  };

  return {
    keySource,
    // An env secret's context is its own hash: the hash stored beside it.
    seal: secret => sealValue(secret, hashEnvSecret(secret)),
    open(ciphertext, secretHash) {
      const secret = openValue(ciphertext, secretHash);
      if (hashEnvSecret(secret) !== secretHash) throw new Error('The env secret does not match');

      return secret;
    },
    sealValue,
    openValue,
  };
}

/**
 * The box of a platform database: over `secretKey` when given, else over a key generated once
 * into `platform_settings` (insert-if-absent, so processes starting together share it). A key
 * kept next to the data only protects copies of the `environments` table alone: the caller warns.
 *
 * @example
 * ```ts
 * const box = await resolveEnvSecretBox(models, process.env.GROVE_PLATFORM_SECRET_KEY);
 * ```
 */
export async function resolveEnvSecretBox(
  models: PlatformModels,
  secretKey: string | undefined,
): Promise<EnvSecretBox> {
  if (secretKey !== undefined) return createEnvSecretBox(secretKey, 'option');
  const { PlatformSetting } = models;
  let stored = await PlatformSetting.findByPk(SETTING_KEY);
  if (!stored) {
    await PlatformSetting.bulkCreate(
      [{ key: SETTING_KEY, value: randomBytes(32).toString('hex') }],
      {
        ignoreDuplicates: true,
      },
    );
    stored = await PlatformSetting.findByPk(SETTING_KEY);
  }
  const value: unknown = stored?.get('value');
  if (typeof value !== 'string') throw new Error(`The platform setting ${SETTING_KEY} is missing`);

  return createEnvSecretBox(value, 'database');
}
