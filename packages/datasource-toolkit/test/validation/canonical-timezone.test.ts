import { describe, expect, it, jest } from '@jest/globals';
import { canonicalTimezone, maxCachedTimezones } from '../../src/validation/canonical-timezone';

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

describe('canonicalTimezone cache', () => {
  it('answers a known spelling without asking Intl again', () => {
    canonicalTimezone('Asia/Tokyo');
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(canonicalTimezone('Asia/Tokyo')).toBe('Asia/Tokyo');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps at most maxCachedTimezones spellings, and still answers the evicted ones', () => {
    // Distinct case variants: bit i of the index upper-cases the i-th letter.
    const letters = 'americalosangeles';
    const variants = Array.from({ length: maxCachedTimezones + 1 }, (_, bits) => {
      const cased = [...letters].map((c, i) => (bits & (1 << i) ? c.toUpperCase() : c)).join('');

      return `${cased.slice(0, 7)}/${cased.slice(7, 10)}_${cased.slice(10)}`;
    });
    for (const variant of variants) canonicalTimezone(variant);
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(canonicalTimezone(variants[0])).toBe('America/Los_Angeles');
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
