import { describe, expect, it } from '@jest/globals';
import { canonicalTimezone } from '../../src/validation/canonical-timezone';

describe('canonicalTimezone', () => {
  it.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    ['EUROPE/pArIs', 'Europe/Paris'],
    ['utc', 'UTC'],
    ['etc/gmt+2', 'Etc/GMT+2'],
  ])('names %s %s', (timezone, canonical) => {
    expect(canonicalTimezone(timezone)).toBe(canonical);
  });

  it('gives every case variant of a zone the same name', () => {
    const variants = Array.from({ length: 64 }, (_, bits) =>
      [...'europe/pa'].map((c, i) => (bits & (1 << (i % 6)) ? c.toUpperCase() : c)).join(''),
    ).map(prefix => `${prefix}ris`);

    expect(new Set(variants.map(canonicalTimezone))).toEqual(new Set(['Europe/Paris']));
  });

  it('refuses unknown zones like validateTimezone', () => {
    expect(() => canonicalTimezone('Mars/Olympus')).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Invalid timezone: "Mars/Olympus"',
      }),
    );
  });

  it('refuses a long text without echoing it', () => {
    expect(() => canonicalTimezone(`Europe/${'x'.repeat(10_000)}`)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Invalid timezone: longer than 64 characters',
      }),
    );
  });
});
