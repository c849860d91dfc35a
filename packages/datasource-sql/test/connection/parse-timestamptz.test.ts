import { seededRandom } from '@grove/datasource-toolkit/testing';
import { types } from 'pg';
import { parseTimestamptz } from '../../src/connection/parse-timestamptz';

/** `pg`'s own parser of `timestamptz` (postgres-date): the oracle. */
const pgParser = types.getTypeParser(1184) as (text: string) => unknown;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A `timestamptz` as PostgreSQL writes it in the ISO style, from a seeded generator. */
function randomTimestamptz(next: () => number): string {
  const int = (below: number) => Math.floor(next() * below);
  const date = `${pad(1000 + int(9000), 4)}-${pad(1 + int(12))}-${pad(1 + int(31))}`;
  const time = `${pad(int(25))}:${pad(int(61))}:${pad(int(61))}`;
  const digits = int(7);
  const fraction = digits ? `.${pad(int(10 ** digits), digits)}` : '';
  const minutes = int(3) ? '' : `:${pad([0, 30, 45][int(3)] as number)}`;
  const seconds = minutes && !int(4) ? `:${pad(int(60))}` : '';

  return `${date} ${time}${fraction}${next() < 0.5 ? '+' : '-'}${pad(int(15))}${minutes}${seconds}`;
}

describe("parseTimestamptz: pg's own answer, for the usual shape", () => {
  it.each([
    ['2024-03-31 01:30:00+00', '2024-03-31T01:30:00.000Z'],
    ['2024-03-31 01:30:00.25+02', '2024-03-30T23:30:00.250Z'],
    ['2024-03-31 01:30:00.123999+00', '2024-03-31T01:30:00.123Z'],
    ['1883-11-18 12:00:00-04:56:02', '1883-11-18T16:56:02.000Z'],
    ['2024-01-01 05:30:00+05:30', '2024-01-01T00:00:00.000Z'],
    ['2024-02-30 24:00:00+00', '2024-03-02T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseTimestamptz(text)?.toISOString()).toBe(iso);
    expect((pgParser(text) as Date).toISOString()).toBe(iso);
  });

  it('gives the same instant as pg on 50,000 seeded random values', () => {
    const next = seededRandom(1184);
    const differ: string[] = [];
    for (let i = 0; i < 50_000; i += 1) {
      const text = randomTimestamptz(next);
      if (parseTimestamptz(text)?.getTime() !== (pgParser(text) as Date).getTime()) {
        differ.push(text);
      }
    }

    expect(differ).toEqual([]);
  });

  it.each([
    ['infinity', 'infinity'],
    ['-infinity', '-infinity'],
    ['a BC year', '0044-03-15 12:00:00+00 BC'],
    ['a year below 1000', '0099-01-01 00:00:00+00'],
    ['a year of five digits', '12345-01-01 00:00:00+00'],
    ['a point without digits', '2024-01-01 00:00:00.+00'],
    ['a one-digit offset', '2024-01-01 00:00:00+0'],
    ['a Z', '2024-01-01 00:00:00Z'],
    ['a T', '2024-01-01T00:00:00+00'],
    ['the SQL date style', 'Mon Jan 01 00:00:00 2024 UTC'],
    ['a megabyte of fraction digits (read once)', `2024-01-01 00:00:00.${'1'.repeat(1 << 20)}`],
  ])("leaves %s to pg's parser", (_case, text) => {
    expect(parseTimestamptz(text)).toBeUndefined();
  });
});
