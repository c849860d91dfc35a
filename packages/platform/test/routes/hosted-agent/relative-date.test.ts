import { relativeDate } from '../../../src/routes/hosted-agent/relative-date';

describe('relativeDate', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => relativeDate(new Date(now.getTime() - seconds * 1000), now);

  it.each([
    [0, 'now'],
    [30, '30 seconds ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [14 * 24 * 3600, '2 weeks ago'],
    [400 * 24 * 3600, 'last year'],
  ])('%i seconds before now is "%s"', (seconds, expected) => {
    expect(ago(seconds)).toBe(expected);
  });
});
