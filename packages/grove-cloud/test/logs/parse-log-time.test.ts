import { parseLogTime, parseTail } from '../../src/logs/parse-log-time';

const now = new Date('2026-03-10T15:30:00.000Z');

describe('parseLogTime', () => {
  it.each([
    ['now-30s', '2026-03-10T15:29:30.000Z'],
    ['now-5m', '2026-03-10T15:25:00.000Z'],
    ['now-2H', '2026-03-10T13:30:00.000Z'],
    ['now-2h', '2026-03-10T13:30:00.000Z'],
    ['now-1d', '2026-03-09T15:30:00.000Z'],
    ['now-1w', '2026-03-03T15:30:00.000Z'],
    ['now-1M', '2026-02-10T15:30:00.000Z'],
    ['now-1y', '2025-03-10T15:30:00.000Z'],
    ['now-2d/d', '2026-03-08T00:00:00.000Z'],
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T12:00:00Z', '2026-01-31T12:00:00.000Z'],
  ])('reads %s', (value, expected) => {
    expect(parseLogTime(value, 'from', now).toISOString()).toBe(expected);
  });

  it('accepts now for --to only', () => {
    expect(parseLogTime('now', 'to', now)).toEqual(now);
    expect(() => parseLogTime('now', 'from', now)).toThrow(
      'The --from (-f) option must be a date (2026-01-31, 2026-01-31T12:00:00Z) or now-<n><s|m|H|h|d|w|M|y> with an optional /d',
    );
  });

  it.each(['yesterday', 'now-1x', 'now+1d', '12', '2026-13-45'])('refuses %s', value => {
    expect(() => parseLogTime(value, 'to', now)).toThrow(
      'The --to (-t) option must be a date (2026-01-31, 2026-01-31T12:00:00Z) or now-<n><s|m|H|h|d|w|M|y> with an optional /d, or now',
    );
  });
});

describe('parseTail', () => {
  it('reads an integer from 1 to 1000', () => {
    expect(parseTail('1')).toBe(1);
    expect(parseTail('1000')).toBe(1000);
  });

  it.each([
    ['ten', 'The --tail (-n) option must be an integer'],
    ['1.5', 'The --tail (-n) option must be an integer'],
    ['0', 'The --tail (-n) option must be a positive integer'],
    ['-3', 'The --tail (-n) option must be a positive integer'],
    ['1001', 'The --tail (-n) option must be equal or less than 1000'],
  ])('refuses %s', (value, message) => {
    expect(() => parseTail(value)).toThrow(message);
  });
});
