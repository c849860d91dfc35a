import { describe, expect, it } from '@jest/globals';
import type { IntervalOperator } from '../../../../src/query/condition-tree/operators';
import { interval, rewrite, type RewriteOptions } from './rewrite';

const native: RewriteOptions['supported'] = ['GreaterThanOrEqual', 'LessThan'];
// Saturday 1985-10-26, 02:22 in Los Angeles (PDT, UTC-7); January is on PST (UTC-8).
const losAngeles = { timezone: 'America/Los_Angeles', now: '1985-10-26T09:22:00Z' };
const onDate: RewriteOptions = { supported: native, type: 'Date', ...losAngeles };
const onDateonly: RewriteOptions = { supported: native, type: 'Dateonly', ...losAngeles };

describe('interval alternatives', () => {
  describe('on a Date column in America/Los_Angeles', () => {
    it.each<[IntervalOperator, unknown, string, string]>([
      ['Today', undefined, '1985-10-26T07:00:00Z', '1985-10-27T07:00:00Z'],
      ['Yesterday', undefined, '1985-10-25T07:00:00Z', '1985-10-26T07:00:00Z'],
      ['PreviousWeek', undefined, '1985-10-14T07:00:00Z', '1985-10-21T07:00:00Z'],
      ['PreviousMonth', undefined, '1985-09-01T07:00:00Z', '1985-10-01T07:00:00Z'],
      ['PreviousQuarter', undefined, '1985-07-01T07:00:00Z', '1985-10-01T07:00:00Z'],
      ['PreviousYear', undefined, '1984-01-01T08:00:00Z', '1985-01-01T08:00:00Z'],
      ['PreviousWeekToDate', undefined, '1985-10-21T07:00:00Z', '1985-10-26T09:22:00Z'],
      ['PreviousMonthToDate', undefined, '1985-10-01T07:00:00Z', '1985-10-26T09:22:00Z'],
      ['PreviousQuarterToDate', undefined, '1985-10-01T07:00:00Z', '1985-10-26T09:22:00Z'],
      ['PreviousYearToDate', undefined, '1985-01-01T08:00:00Z', '1985-10-26T09:22:00Z'],
      ['PreviousXDays', 3, '1985-10-23T07:00:00Z', '1985-10-26T07:00:00Z'],
      ['PreviousXDaysToDate', 3, '1985-10-23T07:00:00Z', '1985-10-26T09:22:00Z'],
    ])('rewrites %s (%s) into [%s, %s)', (operator, value, start, end) => {
      expect(rewrite(operator, value, onDate)).toEqual(interval(start, end));
    });
  });

  describe('on a Dateonly column in America/Los_Angeles', () => {
    it.each<[IntervalOperator, unknown, string, string]>([
      ['Today', undefined, '1985-10-26', '1985-10-27'],
      ['Yesterday', undefined, '1985-10-25', '1985-10-26'],
      ['PreviousWeek', undefined, '1985-10-14', '1985-10-21'],
      ['PreviousMonth', undefined, '1985-09-01', '1985-10-01'],
      ['PreviousQuarter', undefined, '1985-07-01', '1985-10-01'],
      ['PreviousYear', undefined, '1984-01-01', '1985-01-01'],
      ['PreviousWeekToDate', undefined, '1985-10-21', '1985-10-26'],
      ['PreviousMonthToDate', undefined, '1985-10-01', '1985-10-26'],
      ['PreviousQuarterToDate', undefined, '1985-10-01', '1985-10-26'],
      ['PreviousYearToDate', undefined, '1985-01-01', '1985-10-26'],
      ['PreviousXDays', 3, '1985-10-23', '1985-10-26'],
      ['PreviousXDaysToDate', 3, '1985-10-23', '1985-10-26'],
    ])('rewrites %s (%s) into [%s, %s)', (operator, value, start, end) => {
      expect(rewrite(operator, value, onDateonly)).toEqual(interval(start, end));
    });
  });

  it("uses the caller's calendar date, not UTC's", () => {
    // 23:00Z on the 17th is already the 18th in Paris.
    const paris = { timezone: 'Europe/Paris', now: '2024-12-17T23:00:00Z' };

    expect(rewrite('Today', undefined, { ...onDateonly, ...paris })).toEqual(
      interval('2024-12-18', '2024-12-19'),
    );
  });

  describe('across DST changes in Europe/Paris', () => {
    const paris = { ...onDate, timezone: 'Europe/Paris' };

    it('spans 23 hours on the day clocks go forward (2024-03-31)', () => {
      expect(rewrite('Today', undefined, { ...paris, now: '2024-03-31T10:00:00Z' })).toEqual(
        interval('2024-03-30T23:00:00Z', '2024-03-31T22:00:00Z'),
      );
    });

    it('spans 25 hours on the day clocks go back (2024-10-27)', () => {
      expect(rewrite('Today', undefined, { ...paris, now: '2024-10-27T10:00:00Z' })).toEqual(
        interval('2024-10-26T22:00:00Z', '2024-10-27T23:00:00Z'),
      );
    });

    it('gives Yesterday 25 hours the day after clocks went back', () => {
      expect(rewrite('Yesterday', undefined, { ...paris, now: '2024-10-28T10:00:00Z' })).toEqual(
        interval('2024-10-26T22:00:00Z', '2024-10-27T23:00:00Z'),
      );
    });

    it('starts PreviousWeek on Monday midnight of each side of the change', () => {
      // Wednesday 2024-04-03: the previous week (Mon 25 March → Mon 1 April) lasted 167 hours.
      expect(rewrite('PreviousWeek', undefined, { ...paris, now: '2024-04-03T10:00:00Z' })).toEqual(
        interval('2024-03-24T23:00:00Z', '2024-03-31T22:00:00Z'),
      );
    });

    it('counts PreviousXDays in calendar days across the change', () => {
      expect(rewrite('PreviousXDays', 2, { ...paris, now: '2024-04-01T10:00:00Z' })).toEqual(
        interval('2024-03-29T23:00:00Z', '2024-03-31T22:00:00Z'),
      );
    });
  });

  it('derives GreaterThanOrEqual from GreaterThan and Equal', () => {
    const supported: RewriteOptions['supported'] = ['Equal', 'LessThan', 'GreaterThan'];

    expect(rewrite('Today', undefined, { ...onDate, supported })).toEqual({
      aggregator: 'And',
      conditions: [
        {
          aggregator: 'Or',
          conditions: [
            { field: 'field', operator: 'GreaterThan', value: '1985-10-26T07:00:00Z' },
            { field: 'field', operator: 'Equal', value: '1985-10-26T07:00:00Z' },
          ],
        },
        { field: 'field', operator: 'LessThan', value: '1985-10-27T07:00:00Z' },
      ],
    });
  });

  it('is not expressible without LessThan', () => {
    expect(rewrite('Today', undefined, { ...onDate, supported: ['GreaterThanOrEqual'] })).toBe(
      null,
    );
  });

  it('is not expressible on a String column', () => {
    expect(rewrite('Today', undefined, { ...onDate, type: 'String' })).toBe(null);
  });

  it('rejects a PreviousXDays value that is not a number, naming the field and the operator', () => {
    expect(() => rewrite('PreviousXDays', 'seven', onDate)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message:
          "The value of 'field' must be a number for operator 'PreviousXDays', got \"seven\"",
        data: { field: 'field', operator: 'PreviousXDays' },
      }),
    );
  });

  it('rejects an unknown timezone', () => {
    expect(() => rewrite('Today', undefined, { ...onDate, timezone: 'Mars/Olympus' })).toThrow(
      'Invalid timezone: "Mars/Olympus"',
    );
  });
});
