import { scryptSync } from 'node:crypto';

import { isGroveError } from '@grove/datasource-toolkit';

import { checkPasswordStrength, hashPassword, verifyPassword } from '../../src';

const PASSWORD = 'correct horse battery staple';

// A hash of PASSWORD as hashPassword writes it, built synchronously because `it.each` tables are
// read when the tests are collected.
const SALT = Buffer.alloc(16, 7);
const stored = [
  'scrypt',
  32768,
  8,
  1,
  SALT.toString('base64url'),
  scryptSync(PASSWORD, SALT, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString(
    'base64url',
  ),
].join('$');

describe('hashPassword and verifyPassword', () => {
  it('writes scrypt$N$r$p$salt$hash with the parameters used, and verifies it', async () => {
    const hash = await hashPassword(PASSWORD);

    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword(PASSWORD)).not.toBe(await hashPassword(PASSWORD));
  });

  it('accepts the password (a hash written with the same parameters and salt)', async () => {
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });

  it.each([
    ['another password', 'correct horse battery stapler'],
    ['a change of case', PASSWORD.toUpperCase()],
    ['an empty password', ''],
  ])('refuses %s', async (_, candidate) => {
    expect(await verifyPassword(candidate, stored)).toBe(false);
  });

  it('reads the parameters from the hash (a hash with other parameters still verifies)', async () => {
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync(PASSWORD, Buffer.from(salt ?? '', 'base64url'), 32, {
      N: 1024,
      r: 4,
      p: 2,
    });
    const other = `scrypt$1024$4$2$${salt}$${key.toString('base64url')}`;

    expect(await verifyPassword(PASSWORD, other)).toBe(true);
  });

  it.each([
    ['an empty hash', ''],
    ['another algorithm', stored.replace('scrypt', 'bcrypt')],
    ['N not a power of two', stored.replace('$32768$', '$32767$')],
    ['N too large to compute', stored.replace('$32768$', '$2097152$')],
    ['a missing part', stored.split('$').slice(0, 5).join('$')],
    ['an extra part', `${stored}$x`],
  ])('matches nothing against %s', async (_, hash) => {
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
  });
});

describe('checkPasswordStrength', () => {
  it('accepts 12 characters, counting characters rather than UTF-16 units', () => {
    expect(checkPasswordStrength('a'.repeat(12))).toBeNull();
    expect(checkPasswordStrength('🌳'.repeat(11))).toBe(
      'The password must have at least 12 characters',
    );
  });

  it('refuses 11 characters', () => {
    expect(checkPasswordStrength('a'.repeat(11))).toBe(
      'The password must have at least 12 characters',
    );
  });

  it('refuses more than 1024 characters', () => {
    expect(checkPasswordStrength('a'.repeat(1025))).toBe(
      'The password must have at most 1024 characters',
    );
  });
});

describe('hashPassword with a weak password', () => {
  it('throws a ValidationError', async () => {
    const error = await hashPassword('short').catch((e: unknown) => e);

    expect(isGroveError(error, 'ValidationError')).toBe(true);
    expect((error as Error).message).toBe('The password must have at least 12 characters');
  });
});
