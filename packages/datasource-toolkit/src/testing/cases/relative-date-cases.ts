import type { RelativeDateCase } from './case-types';

/** The same ids in every timezone. */
const everywhere = (...ids: number[]): RelativeDateCase['expected'] => ({
  UTC: ids,
  'Europe/Paris': ids,
  'America/Los_Angeles': ids,
});

/**
 * Expected ids of the date operators, "now" being Sunday 2024-10-27 12:00 UTC (13:00 in Paris,
 * 05:00 in Los Angeles). Periods are `[start, end)` in the caller's timezone, weeks start on
 * Monday, `…ToDate` periods end at now. On Dateonly columns today is neither Past nor Future and
 * `…ToDate` periods end before today. Before / After are strict.
 */
export const relativeDateCases: readonly RelativeDateCase[] = [
  {
    field: 'publishedAt',
    operator: 'Before',
    value: '2024-09-30T22:30:00Z',
    expected: everywhere(1, 5),
  },
  {
    field: 'publishedAt',
    operator: 'After',
    value: '2024-10-27T01:30:00Z',
    expected: everywhere(7),
  },
  { field: 'publishedAt', operator: 'Past', expected: everywhere(1, 2, 3, 4, 5) },
  { field: 'publishedAt', operator: 'Future', expected: everywhere(7) },
  {
    field: 'publishedAt',
    operator: 'BeforeXHoursAgo',
    value: 11,
    expected: everywhere(1, 2, 3, 5),
  },
  { field: 'publishedAt', operator: 'AfterXHoursAgo', value: 11, expected: everywhere(4, 7) },
  {
    field: 'publishedAt',
    operator: 'Today',
    expected: { UTC: [4, 7], 'Europe/Paris': [3, 4, 7], 'America/Los_Angeles': [7] },
  },
  {
    field: 'publishedAt',
    operator: 'Yesterday',
    expected: { UTC: [3], 'Europe/Paris': [], 'America/Los_Angeles': [3, 4] },
  },
  { field: 'publishedAt', operator: 'PreviousWeek', expected: everywhere() },
  { field: 'publishedAt', operator: 'PreviousWeekToDate', expected: everywhere(3, 4) },
  {
    field: 'publishedAt',
    operator: 'PreviousMonth',
    expected: { UTC: [2], 'Europe/Paris': [], 'America/Los_Angeles': [2] },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousMonthToDate',
    expected: { UTC: [3, 4], 'Europe/Paris': [2, 3, 4], 'America/Los_Angeles': [3, 4] },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousQuarter',
    expected: { UTC: [2], 'Europe/Paris': [], 'America/Los_Angeles': [2] },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousQuarterToDate',
    expected: { UTC: [3, 4], 'Europe/Paris': [2, 3, 4], 'America/Los_Angeles': [3, 4] },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousYear',
    expected: { UTC: [5], 'Europe/Paris': [], 'America/Los_Angeles': [5] },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousYearToDate',
    expected: {
      UTC: [1, 2, 3, 4],
      'Europe/Paris': [1, 2, 3, 4, 5],
      'America/Los_Angeles': [1, 2, 3, 4],
    },
  },
  {
    field: 'publishedAt',
    operator: 'PreviousXDays',
    value: 2,
    expected: { UTC: [3], 'Europe/Paris': [], 'America/Los_Angeles': [3, 4] },
  },
  { field: 'publishedAt', operator: 'PreviousXDaysToDate', value: 2, expected: everywhere(3, 4) },
  // Dateonly: the calendar date of now is 2024-10-27 in all three timezones.
  { field: 'releaseDate', operator: 'Before', value: '2024-09-30', expected: everywhere(1, 5) },
  { field: 'releaseDate', operator: 'After', value: '2024-10-27', expected: everywhere(7) },
  { field: 'releaseDate', operator: 'Past', expected: everywhere(1, 2, 3, 5) },
  { field: 'releaseDate', operator: 'Future', expected: everywhere(7) },
  { field: 'releaseDate', operator: 'Today', expected: everywhere(4) },
  { field: 'releaseDate', operator: 'Yesterday', expected: everywhere(3) },
  { field: 'releaseDate', operator: 'PreviousWeek', expected: everywhere() },
  { field: 'releaseDate', operator: 'PreviousWeekToDate', expected: everywhere(3) },
  { field: 'releaseDate', operator: 'PreviousMonth', expected: everywhere(2) },
  { field: 'releaseDate', operator: 'PreviousMonthToDate', expected: everywhere(3) },
  { field: 'releaseDate', operator: 'PreviousQuarter', expected: everywhere(2) },
  { field: 'releaseDate', operator: 'PreviousQuarterToDate', expected: everywhere(3) },
  { field: 'releaseDate', operator: 'PreviousYear', expected: everywhere(5) },
  { field: 'releaseDate', operator: 'PreviousYearToDate', expected: everywhere(1, 2, 3) },
  { field: 'releaseDate', operator: 'PreviousXDays', value: 2, expected: everywhere(3) },
  { field: 'releaseDate', operator: 'PreviousXDaysToDate', value: 2, expected: everywhere(3) },
];
