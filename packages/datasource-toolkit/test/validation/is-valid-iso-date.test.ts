import { DateTime } from 'luxon';
import { isValidIsoDate } from '../../src/validation/is-valid-iso-date';
import { seededRandom } from '../../src/testing/seeded-random';

const luxonSays = (text: string) =>
  DateTime.fromISO(text.replace(' ', 'T'), { setZone: true }).isValid;

describe('isValidIsoDate: what luxon says, for the forms validators accept', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['0000-02-29', true],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-01-31T24:00', true],
    ['2024-01-31T24:00:00.0009', true],
    ['2024-01-31T24:00:00.001', false],
    ['2024-01-31T24:00:01', false],
    ['2024-01-31T23:59:60', false],
    ['2024-01-31T23:60', false],
    ['2024-01-31 10:00:00', true],
    ['2024-01-31t10:00:00z', true],
    ['2024-01-31T10:00+99:99', true],
    ['2024-01-31T10:00:00.123456789-0530', true],
    ['2024-1-31', false],
  ])('%s: %s', (text, expected) => {
    expect(isValidIsoDate(text)).toBe(expected);
    expect(luxonSays(text)).toBe(expected);
  });

  it.each([
    ['a megabyte of digits', '2'.repeat(1 << 20)],
    ['a valid date followed by a megabyte', `2024-01-31T10:00:00Z${'0'.repeat(1 << 20)}`],
    ['a megabyte of fraction digits', `2024-01-31T10:00:00.${'1'.repeat(1 << 20)}`],
  ])('refuses %s (an anchored pattern of bounded parts)', (_case, text) => {
    expect(isValidIsoDate(text)).toBe(false);
  });

  it('agrees with luxon on 50,000 random dates and date-times near every boundary', () => {
    const next = seededRandom(20261125);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const digits = (count: number) =>
      Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
    const two = (edges: readonly number[]) =>
      next() < 0.7 ? String(pick(edges)).padStart(2, '0') : digits(2);
    const disagreements: string[] = [];
    let valid = 0;
    for (let index = 0; index < 50_000; index += 1) {
      const year =
        next() < 0.7 ? pick(['0000', '1900', '2000', '2023', '2024', '2100', '9999']) : digits(4);
      let text = `${year}-${two([0, 1, 2, 4, 6, 9, 11, 12, 13])}-${two([0, 1, 28, 29, 30, 31, 32])}`;
      if (next() < 0.8) {
        text += `${pick(['T', 't', ' '])}${two([0, 1, 23, 24, 25])}:${two([0, 30, 59, 60])}`;
        if (next() < 0.7) {
          text += `:${two([0, 1, 59, 60, 61])}`;
          if (next() < 0.5) {
            const length = 1 + Math.floor(next() * 9);
            text += `.${next() < 0.5 ? '0'.repeat(length) : digits(length)}`;
          }
        }
        text += pick([
          '',
          'Z',
          'z',
          `+${digits(2)}`,
          `-${digits(2)}${digits(2)}`,
          `+${digits(2)}:${digits(2)}`,
        ]);
      }
      const answer = isValidIsoDate(text);
      if (answer) valid += 1;
      if (answer !== luxonSays(text)) disagreements.push(text);
    }

    expect(disagreements).toEqual([]);
    // Both answers are well represented (most random fields fall out of range).
    expect(valid).toBeGreaterThan(2_000);
    expect(valid).toBeLessThan(48_000);
  });
});
