import { describe, expect, it, jest } from '@jest/globals';
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

  it('resolves a spelling once, then answers from its cache', () => {
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(canonicalTimezone('america/new_YORK')).toBe('America/New_York');
      const constructed = spy.mock.calls.length;
      expect(canonicalTimezone('america/new_YORK')).toBe('America/New_York');

      expect(constructed).toBeGreaterThan(0);
      expect(spy.mock.calls.length).toBe(constructed);
    } finally {
      spy.mockRestore();
    }
  });

  it('stays right once more spellings than its cache holds were seen', () => {
    const variants = Array.from({ length: 512 }, (_, bits) =>
      [...'asia/tokyo'].map((c, i) => (bits & (1 << i) ? c.toUpperCase() : c)).join(''),
    );
    variants.forEach(variant => canonicalTimezone(variant));

    expect(new Set(variants.map(canonicalTimezone))).toEqual(new Set(['Asia/Tokyo']));
    expect(() => canonicalTimezone('Mars/Olympus')).toThrow('Invalid timezone: "Mars/Olympus"');
  });
});
