import { parseTimezone } from '../../src/query/parse-timezone';
import { thrown } from './library';

describe('parseTimezone', () => {
  it('returns a known IANA zone', () => {
    expect(parseTimezone({ timezone: 'Europe/Paris' })).toBe('Europe/Paris');
  });

  it('reads the first value of a repeated parameter', () => {
    expect(parseTimezone({ timezone: ['America/New_York', 'UTC'] })).toBe('America/New_York');
  });

  it.each([[{}], [{ timezone: '' }], [{ timezone: null }]])('refuses %j as missing', query => {
    expect(thrown(() => parseTimezone(query))).toMatchObject({
      code: 'ValidationError',
      message: 'Missing timezone',
    });
  });

  it('refuses an unknown zone with its name', () => {
    expect(thrown(() => parseTimezone({ timezone: 'Mars/Olympus' }))).toMatchObject({
      code: 'ValidationError',
      message: 'Invalid timezone: "Mars/Olympus"',
    });
  });
});
