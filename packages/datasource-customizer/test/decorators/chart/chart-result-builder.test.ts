import { ChartResultBuilder } from '../../../src/decorators/chart/chart-result-builder';

const utc = new ChartResultBuilder('UTC');

describe('ChartResultBuilder simple charts', () => {
  it('builds a value chart without previous value', () => {
    expect(utc.value(12)).toEqual({ countCurrent: 12 });
  });

  it('builds a value chart with a previous value', () => {
    expect(utc.value(12, 10)).toEqual({ countCurrent: 12, countPrevious: 10 });
  });

  it('builds a distribution in object order', () => {
    expect(utc.distribution({ b: 1, a: 3, c: 2 })).toEqual([
      { key: 'b', value: 1 },
      { key: 'a', value: 3 },
      { key: 'c', value: 2 },
    ]);
  });

  it('builds a leaderboard sorted by value, highest first', () => {
    expect(utc.leaderboard({ b: 1, a: 3, c: 2 })).toEqual([
      { key: 'a', value: 3 },
      { key: 'c', value: 2 },
      { key: 'b', value: 1 },
    ]);
  });

  it('builds a percentage', () => {
    expect(utc.percentage(42.5)).toBe(42.5);
  });

  it('builds an objective', () => {
    expect(utc.objective(7, 10)).toEqual({ value: 7, objective: 10 });
  });

  it('passes smart chart data through', () => {
    const data = { anything: [1, 2] };

    expect(utc.smart(data)).toBe(data);
  });

  it('defaults to UTC', () => {
    expect(new ChartResultBuilder().timezone).toBe('UTC');
  });
});

describe('ChartResultBuilder.timeBased', () => {
  it('labels days dd/MM/yyyy, sums per bucket and fills gaps with 0', () => {
    const chart = utc.timeBased('Day', [
      { date: new Date('2022-01-03T10:00:00Z'), value: 2 },
      { date: new Date('2022-01-01T10:00:00Z'), value: 1 },
      { date: new Date('2022-01-03T22:00:00Z'), value: 4 },
    ]);

    expect(chart).toEqual([
      { label: '01/01/2022', values: { value: 1 } },
      { label: '02/01/2022', values: { value: 0 } },
      { label: '03/01/2022', values: { value: 6 } },
    ]);
  });

  it('labels ISO weeks W<week>-<week year>', () => {
    const chart = utc.timeBased('Week', [
      { date: '2020-12-31', value: 1 },
      { date: '2021-01-11', value: 2 },
    ]);

    expect(chart).toEqual([
      { label: 'W53-2020', values: { value: 1 } },
      { label: 'W1-2021', values: { value: 0 } },
      { label: 'W2-2021', values: { value: 2 } },
    ]);
  });

  it('labels months MMM yy', () => {
    const chart = utc.timeBased('Month', [
      { date: '2021-12-15', value: 1 },
      { date: '2022-02-01', value: 3 },
    ]);

    expect(chart).toEqual([
      { label: 'Dec 21', values: { value: 1 } },
      { label: 'Jan 22', values: { value: 0 } },
      { label: 'Feb 22', values: { value: 3 } },
    ]);
  });

  it('labels quarters Q<q>-yyyy', () => {
    const chart = utc.timeBased('Quarter', [
      { date: '2021-11-15', value: 1 },
      { date: '2022-05-01', value: 3 },
    ]);

    expect(chart).toEqual([
      { label: 'Q4-2021', values: { value: 1 } },
      { label: 'Q1-2022', values: { value: 0 } },
      { label: 'Q2-2022', values: { value: 3 } },
    ]);
  });

  it('labels years yyyy', () => {
    const chart = utc.timeBased('Year', [
      { date: '2019-06-01', value: 1 },
      { date: '2021-06-01', value: 2 },
    ]);

    expect(chart).toEqual([
      { label: '2019', values: { value: 1 } },
      { label: '2020', values: { value: 0 } },
      { label: '2021', values: { value: 2 } },
    ]);
  });

  it('accepts an object of date strings to values', () => {
    const chart = utc.timeBased('Day', { '2022-01-02': 5, '2022-01-01': 1 });

    expect(chart).toEqual([
      { label: '01/01/2022', values: { value: 1 } },
      { label: '02/01/2022', values: { value: 5 } },
    ]);
  });

  it('adds nothing for null values', () => {
    const chart = utc.timeBased('Day', [
      { date: '2022-01-01', value: null },
      { date: '2022-01-01', value: 3 },
      { date: '2022-01-02', value: null },
    ]);

    expect(chart).toEqual([
      { label: '01/01/2022', values: { value: 3 } },
      { label: '02/01/2022', values: { value: 0 } },
    ]);
  });

  it('returns an empty chart without points', () => {
    expect(utc.timeBased('Day', [])).toEqual([]);
  });

  it("buckets instants in the caller's timezone", () => {
    const points = [{ date: new Date('2022-01-01T23:30:00Z'), value: 1 }];

    expect(new ChartResultBuilder('Europe/Paris').timeBased('Day', points)).toEqual([
      { label: '02/01/2022', values: { value: 1 } },
    ]);
    expect(new ChartResultBuilder('America/New_York').timeBased('Day', points)).toEqual([
      { label: '01/01/2022', values: { value: 1 } },
    ]);
  });

  it('never shifts calendar dates, whatever the timezone', () => {
    const chart = new ChartResultBuilder('Pacific/Auckland').timeBased('Day', { '2022-01-01': 1 });

    expect(chart).toEqual([{ label: '01/01/2022', values: { value: 1 } }]);
  });

  it('reads date-times without offset in the caller zone', () => {
    const chart = new ChartResultBuilder('America/New_York').timeBased('Month', {
      '2022-01-31T23:30:00': 1,
      '2022-02-01T00:30:00-05:00': 2,
    });

    expect(chart).toEqual([
      { label: 'Jan 22', values: { value: 1 } },
      { label: 'Feb 22', values: { value: 2 } },
    ]);
  });

  it('fills days across the spring DST change (23-hour day)', () => {
    const chart = new ChartResultBuilder('Europe/Paris').timeBased('Day', [
      { date: new Date('2022-03-25T23:30:00Z'), value: 1 }, // 26/03 00:30 CET
      { date: new Date('2022-03-27T22:30:00Z'), value: 2 }, // 28/03 00:30 CEST
    ]);

    expect(chart).toEqual([
      { label: '26/03/2022', values: { value: 1 } },
      { label: '27/03/2022', values: { value: 0 } },
      { label: '28/03/2022', values: { value: 2 } },
    ]);
  });

  it('keeps late-evening points of the autumn DST day (25-hour day) in that day', () => {
    const chart = new ChartResultBuilder('Europe/Paris').timeBased('Day', [
      { date: new Date('2022-10-29T22:30:00Z'), value: 1 }, // 30/10 00:30 CEST
      { date: new Date('2022-10-30T22:30:00Z'), value: 2 }, // 30/10 23:30 CET
      { date: new Date('2022-10-31T10:00:00Z'), value: 4 },
    ]);

    expect(chart).toEqual([
      { label: '30/10/2022', values: { value: 3 } },
      { label: '31/10/2022', values: { value: 4 } },
    ]);
  });

  it('refuses an invalid date', () => {
    expect(() => utc.timeBased('Day', { 'not a date': 1 })).toThrow(
      "Invalid date 'not a date' in a time-based chart.",
    );
  });

  it('refuses an unknown time range', () => {
    expect(() => utc.timeBased('Hour' as 'Day', { '2022-01-01': 1 })).toThrow(
      "Invalid time range 'Hour' in a time-based chart: expected Day, Week, Month, Quarter or Year.",
    );
  });

  it('refuses an unknown timezone', () => {
    expect(() =>
      new ChartResultBuilder('Mars/Olympus').timeBased('Day', { '2022-01-01': 1 }),
    ).toThrow('Invalid timezone: "Mars/Olympus"');
  });
});

describe('ChartResultBuilder.multipleTimeBased', () => {
  it('returns null labels and values without dates', () => {
    expect(utc.multipleTimeBased('Day', null, [{ label: 'a', values: [] }])).toEqual({
      labels: null,
      values: null,
    });
  });

  it('returns null labels and values without lines', () => {
    expect(utc.multipleTimeBased('Day', ['2022-01-01'], undefined)).toEqual({
      labels: null,
      values: null,
    });
  });

  it('returns null values when there is no label', () => {
    expect(utc.multipleTimeBased('Day', [], [{ label: 'a', values: [] }])).toEqual({
      labels: [],
      values: null,
    });
  });

  it('buckets every line over the same labels, gaps filled with 0', () => {
    const chart = utc.multipleTimeBased(
      'Month',
      ['2022-01-10', '2022-01-20', '2022-03-05'],
      [
        { label: 'orders', values: [1, 2, 3] },
        { label: 'refunds', values: [null, 1, null] },
      ],
    );

    expect(chart).toEqual({
      labels: ['Jan 22', 'Feb 22', 'Mar 22'],
      values: [
        { key: 'orders', values: [3, 0, 3] },
        { key: 'refunds', values: [1, 0, 0] },
      ],
    });
  });
});
