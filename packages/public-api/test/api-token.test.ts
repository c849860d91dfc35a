import { generateApiToken, hashApiToken, isWellFormedApiToken } from '../src';

describe('API tokens', () => {
  it('generates recognisable tokens whose checksum holds, stored as a SHA-256 hash', () => {
    const token = generateApiToken();

    expect(token.value).toMatch(/^grove_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiToken(token.value)).toBe(true);
    expect(token.hash).toBe(hashApiToken(token.value));
    expect(token.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.displayHint).toBe(`${token.value.slice(0, 10)}…${token.value.slice(-4)}`);
    expect(generateApiToken().value).not.toBe(token.value);
  });

  it('refuses a token with one character changed (checksum), a wrong prefix or length', () => {
    const { value } = generateApiToken();
    const flipped = value.slice(0, 12) + (value[12] === 'a' ? 'b' : 'a') + value.slice(13);

    expect(isWellFormedApiToken(flipped)).toBe(false);
    expect(isWellFormedApiToken(value.replace('grove_', 'grave_'))).toBe(false);
    expect(isWellFormedApiToken(`${value}x`)).toBe(false);
    expect(isWellFormedApiToken('')).toBe(false);
  });
});
