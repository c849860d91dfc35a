import { describe, expect, it } from '@jest/globals';
import { rewrite, type RewriteOptions } from './rewrite';

// Los Angeles on 1985-10-26 is on PDT (UTC-7): 09:22Z is 02:22 local.
const losAngeles = { timezone: 'America/Los_Angeles', now: '1985-10-26T09:22:00Z' };
const onDate: RewriteOptions = {
  supported: ['LessThan', 'GreaterThan'],
  type: 'Date',
  ...losAngeles,
};
const onDateonly: RewriteOptions = { ...onDate, type: 'Dateonly' };
// 2024-12-17T23:00Z is already the 18th in Paris.
const paris = { timezone: 'Europe/Paris', now: '2024-12-17T23:00:00Z' };

describe('time alternatives', () => {
  describe('Past and Future', () => {
    it('rewrites Past into LessThan now (UTC, no milliseconds) on a Date column', () => {
      expect(rewrite('Past', undefined, onDate)).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '1985-10-26T09:22:00Z',
      });
    });

    it('rewrites Future into GreaterThan now on a Date column', () => {
      expect(rewrite('Future', undefined, onDate)).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '1985-10-26T09:22:00Z',
      });
    });

    it('drops the milliseconds of now', () => {
      expect(rewrite('Past', undefined, { ...onDate, now: '1985-10-26T09:22:00.789Z' })).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '1985-10-26T09:22:00Z',
      });
    });

    it("rewrites Past into LessThan the caller's date on a Dateonly column", () => {
      expect(rewrite('Past', undefined, { ...onDateonly, ...paris })).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '2024-12-18',
      });
    });

    it("rewrites Future into GreaterThan the caller's date on a Dateonly column", () => {
      expect(rewrite('Future', undefined, { ...onDateonly, ...paris })).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '2024-12-18',
      });
    });
  });

  describe('Before and After', () => {
    it("reads a value without offset in the caller's timezone", () => {
      expect(rewrite('Before', '2024-01-01T10:00:00', onDate)).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '2024-01-01T18:00:00Z',
      });
    });

    it('keeps the offset a value carries', () => {
      expect(rewrite('After', '2024-01-01T10:00:00+02:00', onDate)).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '2024-01-01T08:00:00Z',
      });
    });

    it('accepts Date objects', () => {
      expect(rewrite('After', new Date('2024-01-01T10:00:00.000Z'), onDate)).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '2024-01-01T10:00:00Z',
      });
    });

    it('emits a date on a Dateonly column', () => {
      expect(rewrite('After', '2024-01-01', onDateonly)).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '2024-01-01',
      });
    });

    it("emits the date in the caller's timezone of an instant with offset", () => {
      expect(rewrite('Before', '2024-01-01T23:30:00Z', { ...onDateonly, ...paris })).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '2024-01-02',
      });
    });

    it('rejects a value that is not an ISO date', () => {
      expect(() => rewrite('Before', 'yesterday', onDate)).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message:
            "Invalid condition on field 'field' with operator 'Before': Operator 'Before' expects an ISO-8601 date, got \"yesterday\"",
        }),
      );
    });
  });

  describe('X hours ago', () => {
    it('rewrites BeforeXHoursAgo into LessThan now − X hours', () => {
      expect(rewrite('BeforeXHoursAgo', 2, onDate)).toEqual({
        field: 'field',
        operator: 'LessThan',
        value: '1985-10-26T07:22:00Z',
      });
    });

    it('rewrites AfterXHoursAgo into GreaterThan now − X hours', () => {
      expect(rewrite('AfterXHoursAgo', 24, onDate)).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '1985-10-25T09:22:00Z',
      });
    });

    it('counts real hours across a DST change', () => {
      // 1985-10-27T10:00Z is 02:00 PST, one hour after clocks went back from 02:00 PDT.
      expect(rewrite('AfterXHoursAgo', 3, { ...onDate, now: '1985-10-27T10:00:00Z' })).toEqual({
        field: 'field',
        operator: 'GreaterThan',
        value: '1985-10-27T07:00:00Z',
      });
    });

    it('is not expressible on a Dateonly column', () => {
      expect(rewrite('BeforeXHoursAgo', 2, onDateonly)).toBe(null);
    });

    it('rejects a value that is not a number, naming the field and the operator', () => {
      expect(() => rewrite('BeforeXHoursAgo', '2', onDate)).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message:
            "The value of 'field' must be a number for operator 'BeforeXHoursAgo', got \"2\"",
        }),
      );
    });
  });

  it('rejects an unknown timezone', () => {
    expect(() => rewrite('Past', undefined, { ...onDate, timezone: 'Mars/Olympus' })).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message:
          "Invalid condition on field 'field' with operator 'Past': Invalid timezone: \"Mars/Olympus\"",
      }),
    );
  });

  it("rejects 'local', which luxon would read as the server's timezone", () => {
    expect(() => rewrite('Past', undefined, { ...onDate, timezone: 'local' })).toThrow(
      'Invalid timezone: "local"',
    );
  });

  it('does not rewrite time operators on non-date columns', () => {
    expect(rewrite('Past', undefined, { ...onDate, type: 'Number' })).toBe(null);
  });
});
