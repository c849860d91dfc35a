import type { DateOperation } from '@grove/datasource-toolkit';
import { DateTime } from 'luxon';
import { bucketSteps, maxBucketSteps, stepCase, type BucketStep } from '../../src/sql/date-buckets';
import type { DateRange } from '../../src/sql/date-range';
import { offsetPeriods, periodsWithin, type OffsetPeriod } from '../../src/sql/timezone-offsets';

const at = (text: string) => Date.parse(text);
const stepsOf = (zone: string, range: DateRange, unit: DateOperation) =>
  bucketSteps(periodsWithin(offsetPeriods(zone), range), range, unit);
/** The label of an instant, by the steps. */
const labelOf = (steps: readonly BucketStep[], ms: number) =>
  steps.filter((s, i) => i === 0 || s.from <= ms).at(-1)?.label;
/** The label of an instant in the zone, by luxon's local calendar (Monday starting weeks). */
const localLabel = (zone: string, ms: number, unit: DateOperation) =>
  DateTime.fromMillis(ms, { zone })
    .startOf(unit.toLowerCase() as 'year' | 'quarter' | 'month' | 'week' | 'day')
    .toISODate();

describe('bucketSteps', () => {
  it('gives the instants the Paris months of 2024 start at, DST included', () => {
    const range = { from: at('2023-12-31T23:00:00Z'), to: at('2024-12-31T23:00:00Z') };

    expect(stepsOf('Europe/Paris', range, 'Month')?.slice(0, 5)).toEqual([
      { from: at('2023-12-31T23:00:00Z'), label: '2024-01-01' },
      { from: at('2024-01-31T23:00:00Z'), label: '2024-02-01' },
      { from: at('2024-02-29T23:00:00Z'), label: '2024-03-01' },
      { from: at('2024-03-31T22:00:00Z'), label: '2024-04-01' },
      { from: at('2024-04-30T22:00:00Z'), label: '2024-05-01' },
    ]);
    // The range includes its end, the first instant of 2025 in Paris.
    expect(stepsOf('Europe/Paris', range, 'Month')?.at(-1)).toEqual({
      from: at('2024-12-31T23:00:00Z'),
      label: '2025-01-01',
    });
  });

  it.each([
    ['Europe/Paris', 'Year'],
    ['Europe/Paris', 'Quarter'],
    ['America/New_York', 'Month'],
    ['America/New_York', 'Week'],
    ['Asia/Kolkata', 'Week'],
    ['Australia/Adelaide', 'Month'],
    ['Australia/Adelaide', 'Day'],
    ['Europe/Paris', 'Day'],
  ] as const)(
    '%s by %s: the local calendar at every half hour and around each step',
    (zone, unit) => {
      const range =
        unit === 'Day'
          ? { from: at('2024-03-25T00:00:00Z'), to: at('2024-04-10T00:00:00Z') }
          : { from: at('2023-12-20T00:00:00Z'), to: at('2025-01-10T00:00:00Z') };
      const steps = stepsOf(zone, range, unit) ?? [];
      const instants = [
        ...Array.from(
          { length: (range.to - range.from) / 1_800_000 + 1 },
          (_, i) => range.from + i * 1_800_000,
        ),
        ...steps.flatMap(s => [s.from - 1, s.from, s.from + 1]),
      ].filter(ms => ms >= range.from && ms <= range.to);

      expect(steps.length).toBeGreaterThan(1);
      for (const ms of instants)
        expect([ms, labelOf(steps, ms)]).toEqual([ms, localLabel(zone, ms, unit)]);
    },
  );

  it('follows the offset periods where clocks go back across midnight (a label comes back)', () => {
    // A made-up zone: UTC+1, then UTC from 2024-06-01T00:00Z (local 01:00 back to 00:00).
    const periods: OffsetPeriod[] = [
      { from: 0, offset: 60 },
      { from: at('2024-05-31T23:30:00Z'), offset: -60 },
    ];
    const range = { from: at('2024-05-31T20:00:00Z'), to: at('2024-06-01T06:00:00Z') };

    expect(bucketSteps(periods, range, 'Day')).toEqual([
      { from: range.from, label: '2024-05-31' },
      { from: at('2024-05-31T23:00:00Z'), label: '2024-06-01' },
      { from: at('2024-05-31T23:30:00Z'), label: '2024-05-31' },
      { from: at('2024-06-01T01:00:00Z'), label: '2024-06-01' },
    ]);
  });

  it.each([
    ['open at the start', { to: at('2024-12-31T00:00:00Z') }, 'Month'],
    ['open at the end', { from: at('2024-01-01T00:00:00Z') }, 'Month'],
    [
      'more days than the bound',
      { from: at('2024-01-01T00:00:00Z'), to: at('2024-12-31T00:00:00Z') },
      'Day',
    ],
    [
      'before the year 1000',
      { from: at('0900-01-01T00:00:00Z'), to: at('2024-12-31T00:00:00Z') },
      'Year',
    ],
    ['reversed', { from: at('2025-01-01T00:00:00Z'), to: at('2024-01-01T00:00:00Z') }, 'Month'],
  ] as const)('is undefined for a range %s', (_, range, unit) => {
    expect(stepsOf('Europe/Paris', range, unit)).toBeUndefined();
  });

  it(`stops at ${maxBucketSteps} steps`, () => {
    const from = at('2024-01-01T00:00:00Z');
    const days = (n: number) => stepsOf('UTC', { from, to: from + (n - 1) * 86_400_000 }, 'Day');

    expect(days(maxBucketSteps)).toHaveLength(maxBucketSteps);
    expect(days(maxBucketSteps + 1)).toBeUndefined();
  });
});

describe('stepCase', () => {
  const steps = [
    { from: 0, label: 'a' },
    { from: 10, label: 'b' },
    { from: 20, label: 'c' },
  ];

  it('compares with the starts of all steps but the first, a null giving NULL', () => {
    expect(stepCase('x', steps, String)).toBe(
      "CASE WHEN x < 10 THEN 'a' ELSE CASE WHEN x < 20 THEN 'b' ELSE CASE WHEN x IS NOT NULL THEN 'c' END END END",
    );
  });

  it('gives the one label of a single step to every row with a date', () => {
    expect(stepCase('x', steps.slice(0, 1), String)).toBe("CASE WHEN x IS NOT NULL THEN 'a' END");
  });
});
